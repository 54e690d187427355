import { z } from 'zod';
import { EXTENSION_STATUSES } from '../enums';
import { LIMITS } from '../limits';
import { isoDateSchema } from './item';
import { addDays } from './lending';
import { hasNoControlCharacters } from './text';

/**
 * Loans' due dates and extensions (issue 18, docs/decisions/0026). A loan's
 * due date is its lending request's `expectedReturnDate`; the borrower may
 * ask to keep the item until a later date, and the owner accepts (the due
 * date moves) or declines.
 */

/** An optional note with the request or the answer: blank is none. */
export const extensionNoteSchema = z
  .string()
  .trim()
  .max(LIMITS.messageMax, { message: 'validation.messageTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
  .transform((v) => (v === '' ? null : v));

/** The latest date an extension of a loan due on `dueDate` may ask for. */
export function latestExtensionDate(dueDate: string): string {
  return addDays(dueDate, LIMITS.loanMaxDays);
}

/**
 * The new date: after the current due date, not before `earliest` (today
 * for the form; yesterday in UTC on the server, as for the borrow form) and
 * at most a year after the current due date. One message, the first rule
 * that fails.
 */
export const extensionDateSchema = (dueDate: string, earliest: string) =>
  z
    .string({ message: 'validation.extensionDateRequired' })
    .min(1, { message: 'validation.extensionDateRequired' })
    .pipe(isoDateSchema)
    .pipe(
      z
        .string()
        .refine((v) => v > dueDate, { message: 'validation.extensionNotLater', abort: true })
        .refine((v) => v >= earliest, { message: 'validation.dateInPast', abort: true })
        .refine((v) => v <= latestExtensionDate(dueDate), { message: 'validation.extensionTooLong' }),
    );

/** The "Ask to extend" form, and the server's check once it knows the loan's due date. */
export const extensionFormSchema = (dueDate: string, earliest: string) =>
  z.object({
    requestedUntil: extensionDateSchema(dueDate, earliest),
    message: extensionNoteSchema.prefault(''),
  });
export type ExtensionFormInput = z.input<ReturnType<typeof extensionFormSchema>>;
export type ExtensionFormOutput = z.output<ReturnType<typeof extensionFormSchema>>;

/**
 * POST /api/lending-requests/{id}/extension. The body's shape; the date's
 * rules depend on the loan and are checked with `extensionFormSchema` once it
 * is loaded (400 invalid_input on `requestedUntil`).
 */
export const requestExtensionSchema = z.object({
  requestedUntil: z
    .string({ message: 'validation.extensionDateRequired' })
    .min(1, { message: 'validation.extensionDateRequired' })
    .pipe(isoDateSchema),
  message: extensionNoteSchema.prefault(''),
});
export type RequestExtensionInput = z.input<typeof requestExtensionSchema>;

/** POST /api/lending-requests/{id}/extension/accept and …/decline: the owner's optional answer. */
export const answerExtensionSchema = z.object({ response: extensionNoteSchema.prefault('') });
export type AnswerExtensionInput = z.input<typeof answerExtensionSchema>;

export const extensionAnswerParamsSchema = z.object({
  id: z.uuid(),
  answer: z.enum(['accept', 'decline'], { message: 'validation.extensionAnswerInvalid' }),
});

/** A request to extend a loan, as its two people see it. */
export const loanExtensionSchema = z.object({
  id: z.string(),
  lendingRequestId: z.string(),
  requesterId: z.string(),
  requestedUntil: z.string(),
  message: z.string().nullable(),
  status: z.enum(EXTENSION_STATUSES),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type LoanExtension = z.infer<typeof loanExtensionSchema>;

/** GET /api/lending-requests/extensions: the pending requests to extend the actor's loans, both ways. */
export const loanExtensionListSchema = z.array(loanExtensionSchema);
