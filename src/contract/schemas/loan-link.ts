import { z } from 'zod';
import { ITEM_CATEGORIES } from '../enums';

/**
 * Private loan links (issue 36, docs/decisions/0049): a loan recorded for
 * someone without an account, opened by whoever holds its link. What the
 * link shows and the owner's view of it.
 */

/** The link's secret: 256 random bits in base64url. Any other shape opens nothing (404, like an unknown link). */
export const LOAN_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const loanLinkParamsSchema = z.object({ token: z.string() });
export const loanLinkPhotoParamsSchema = z.object({ token: z.string(), photoId: z.uuid() });

const linkPhotoSchema = z.object({ id: z.string(), url: z.string() });

const linkExtensionSchema = z.object({
  until: z.string(),
  note: z.string().nullable(),
  askedAt: z.string(),
  answer: z.enum(['accepted', 'declined']).nullable(),
});

/** GET /api/loan-links/{token}: the one loan, and nothing about anyone but its owner's first name. */
export const borrowerLoanSchema = z.object({
  item: z.object({
    name: z.string(),
    description: z.string().nullable(),
    category: z.enum(ITEM_CATEGORIES),
    photos: z.array(linkPhotoSchema),
  }),
  ownerFirstName: z.string(),
  lentOn: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** The owner's notes and photos of the item at hand-out. */
  handover: z.object({ note: z.string().nullable(), photos: z.array(linkPhotoSchema) }).nullable(),
  handoverConfirmedAt: z.string().nullable(),
  returnReportedAt: z.string().nullable(),
  extension: linkExtensionSchema.nullable(),
});
export type BorrowerLoan = z.infer<typeof borrowerLoanSchema>;

/** GET /api/lending-requests/{id}/borrower-link: the owner's view of the link (never the link itself: only its hash is kept). */
export const loanLinkStateSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  handoverConfirmedAt: z.string().nullable(),
  returnReportedAt: z.string().nullable(),
  extension: linkExtensionSchema.nullable(),
});
export type LoanLinkState = z.infer<typeof loanLinkStateSchema>;

/** POST /api/lending-requests/{id}/borrower-link: a new link, shown once (the old one stops working). */
export const madeLoanLinkSchema = z.object({ url: z.string() });
export type MadeLoanLink = z.infer<typeof madeLoanLinkSchema>;

export const linkExtensionAnswerParamsSchema = z.object({
  id: z.uuid(),
  answer: z.enum(['accept', 'decline'], { message: 'validation.extensionAnswerInvalid' }),
});
