import { z } from 'zod';
import { LENDING_REQUEST_STATUSES, LOAN_ORIGINS, RETURN_OUTCOMES } from '../enums';
import { LIMITS } from '../limits';
import { isoDateSchema } from './item';
import { hasNoControlCharacters } from './text';

/**
 * Issue 19: loans as they really happen. An owner records a loan that is
 * already happening or happened outside the app, and both people see the
 * loans between them as history. docs/decisions/0028-loan-history.md.
 */

const personNameSchema = z
  .string({ message: 'validation.loanBorrowerRequired' })
  .trim()
  .min(1, { message: 'validation.loanBorrowerRequired' })
  .max(LIMITS.nameMax, { message: 'validation.nameTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' });

const loanNoteSchema = z
  .string()
  .trim()
  .max(LIMITS.messageMax, { message: 'validation.messageTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
  .transform((v) => (v === '' ? null : v));

/**
 * Who has the item: an address-book entry (registered or not), or a name
 * typed for someone who is not in the address book (the owner's record only).
 */
export const loanBorrowerSchema = z.union(
  [
    z.object({ contactId: z.uuid({ message: 'validation.loanBorrowerRequired' }) }),
    z.object({ name: personNameSchema }),
  ],
  // No borrower at all (missing, null, an empty object): the same words as an empty name, not a generic error.
  { message: 'validation.loanBorrowerRequired' },
);
export type LoanBorrower = z.infer<typeof loanBorrowerSchema>;

/**
 * POST /api/items/{id}/loans. `latestToday` is the latest date that is
 * "today" somewhere (the server passes tomorrow in UTC, the form the local
 * today), so a loan cannot start or end in the future. Without `returnedOn`
 * the item is lent out now; with it, the loan is already over.
 */
export const recordLoanSchema = (latestToday: string) =>
  z
    .object({
      borrower: loanBorrowerSchema,
      lentOn: isoDateSchema.refine((d) => d <= latestToday, { message: 'validation.loanStartInFuture' }),
      expectedReturnDate: isoDateSchema.nullable().prefault(null),
      returnedOn: isoDateSchema
        .refine((d) => d <= latestToday, { message: 'validation.loanReturnInFuture' })
        .nullable()
        .prefault(null),
      note: loanNoteSchema.prefault(''),
    })
    .refine((v) => v.expectedReturnDate === null || v.expectedReturnDate >= v.lentOn, {
      path: ['expectedReturnDate'],
      message: 'validation.loanDueBeforeStart',
    })
    .refine((v) => v.returnedOn === null || v.returnedOn >= v.lentOn, {
      path: ['returnedOn'],
      message: 'validation.loanReturnBeforeStart',
    });
export type RecordLoanInput = z.input<ReturnType<typeof recordLoanSchema>>;

/** The answer to POST /api/items/{id}/loans: the recorded loan's id (the history lists show it). */
export const recordedLoanSchema = z.object({ id: z.string() });
export type RecordedLoan = z.infer<typeof recordedLoanSchema>;

/** The other person of a loan, as the reader sees them. */
export const loanPartnerSchema = z.object({
  /** Their account, or null: recorded for someone without an account. */
  userId: z.string().nullable(),
  /** The reader's address-book entry for them, when there is one (links to the contact). */
  contactId: z.string().nullable(),
  name: z.string(),
  /** They deleted their account (docs/decisions/0015): clients show "Deleted account". */
  deleted: z.boolean(),
});

/** One loan in a history list, from the reader's side: `lent` (reader is the owner) or `borrowed`. */
export const loanHistoryEntrySchema = z.object({
  id: z.string(),
  /** Null once the item is deleted; `itemName` keeps its name. */
  itemId: z.string().nullable(),
  itemName: z.string(),
  role: z.enum(['lent', 'borrowed']),
  origin: z.enum(LOAN_ORIGINS),
  status: z.enum(LENDING_REQUEST_STATUSES),
  partner: loanPartnerSchema,
  lentOn: z.string().nullable(),
  expectedReturnDate: z.string().nullable(),
  returnedOn: z.string().nullable(),
  /** Returned after its due date; null while out or without a due date. */
  returnedLate: z.boolean().nullable(),
  /**
   * A recorded loan's note: the owner's own, written when the loan was their
   * record only, so only the owner sees it (null for the borrower, also once
   * an invited entry joins and the loan becomes theirs too).
   */
  note: z.string().nullable(),
  /** How it came back, in the owner's words (issue 36); null until the owner says. Only the two people see it. */
  returnCondition: z.enum(RETURN_OUTCOMES).nullable(),
  /** A "something's wrong" report not settled yet (issue 36). */
  openProblem: z.boolean(),
});
export type LoanHistoryEntry = z.infer<typeof loanHistoryEntrySchema>;
/** Newest first, at most LIMITS.loanHistoryMax loans. */
export const loanHistoryListSchema = z.array(loanHistoryEntrySchema);

/** "lent 12 · borrowed 5": loans that happened (handed out), disputed ones left out. */
export const loanCountsSchema = z.object({
  lent: z.number().int().nonnegative(),
  borrowed: z.number().int().nonnegative(),
});
export type LoanCounts = z.infer<typeof loanCountsSchema>;

/** GET /api/contacts/{id}/loans: what I lent them and borrowed from them; `counts` count every loan, not only those listed. */
/** Of the loans the reader lent this contact that came back and had a due date, how many came back by it (issue 36). */
export const returnedOnTimeSchema = z.object({
  onTime: z.number().int().nonnegative(),
  of: z.number().int().nonnegative(),
});
export type ReturnedOnTime = z.infer<typeof returnedOnTimeSchema>;

export const contactLoanHistorySchema = z.object({
  counts: loanCountsSchema,
  /** The reader's own view: never shown to the contact, never to anyone else. */
  returnedOnTime: returnedOnTimeSchema,
  loans: loanHistoryListSchema,
});
export type ContactLoanHistory = z.infer<typeof contactLoanHistorySchema>;

export const loanIdParamsSchema = z.object({ id: z.uuid() });
