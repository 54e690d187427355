import { z } from 'zod';
import { ITEM_CATEGORIES, LENDING_REQUEST_STATUSES, LOAN_ORIGINS } from '../enums';
import { LIMITS } from '../limits';
import { isoDateSchema } from './item';
import { hasNoControlCharacters } from './text';

/**
 * Spec §5 "Borrow form": message required (≤ 500), from-date required and not
 * before `earliest`, until-date required and not before the from-date. The
 * spec says "after the start date" but also fills an empty until-date with
 * the from-date, so a same-day loan is allowed (docs/decisions/0010).
 * The borrow dialog passes the user's local today as `earliest`; the server
 * passes yesterday in UTC, as for the item reservation date.
 *
 * Upper bounds the spec leaves open: the from-date at most
 * `LIMITS.borrowStartMaxDays` after today (`latestStart`, by default counted
 * from `earliest`; the server counts from tomorrow in UTC, the latest
 * "today" anywhere), and the loan at most `LIMITS.loanMaxDays` long.
 */
export const borrowMessageSchema = z
  .string({ message: 'validation.borrowMessageRequired' })
  .trim()
  .min(1, { message: 'validation.borrowMessageRequired' })
  .max(LIMITS.messageMax, { message: 'validation.messageTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' });

/**
 * `YYYY-MM-DD` plus `days` calendar days. Anything that is not such a date
 * comes back unchanged: object rules run even after a field rule failed, and
 * must not throw on what the field rule already refused.
 */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(next.getTime())) return date;
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The latest start date a borrow form whose today is `today` accepts. */
export function latestBorrowStart(today: string): string {
  return addDays(today, LIMITS.borrowStartMaxDays);
}

/** A real date, not before `earliest` and not after `latestStart`: one message, the first rule that fails. */
const borrowStartSchema = (earliest: string, latestStart: string) =>
  isoDateSchema.pipe(
    z
      .string()
      .refine((v) => v >= earliest, { message: 'validation.dateInPast', abort: true })
      .refine((v) => v <= latestStart, { message: 'validation.borrowFromTooLate' }),
  );

/**
 * Whether the return date is at most LIMITS.loanMaxDays after the start.
 * Object rules run even when a field failed: dates that are not real, or in
 * the wrong order, are left to the rules that say so.
 */
function loanWithinLimit(from: string, until: string): boolean {
  if (!isoDateSchema.safeParse(from).success || !isoDateSchema.safeParse(until).success || until < from) return true;
  return until <= addDays(from, LIMITS.loanMaxDays);
}

export const borrowFormSchema = (earliest: string, latestStart = latestBorrowStart(earliest)) =>
  z
    .object({
      message: borrowMessageSchema,
      requestedFrom: z
        .string({ message: 'validation.borrowFromRequired' })
        .min(1, { message: 'validation.borrowFromRequired' })
        .pipe(borrowStartSchema(earliest, latestStart)),
      requestedUntil: z
        .string({ message: 'validation.borrowUntilRequired' })
        .min(1, { message: 'validation.borrowUntilRequired' })
        .pipe(isoDateSchema),
    })
    .refine((v) => v.requestedUntil >= v.requestedFrom, {
      path: ['requestedUntil'],
      message: 'validation.borrowUntilBeforeFrom',
    })
    .refine((v) => loanWithinLimit(v.requestedFrom, v.requestedUntil), {
      path: ['requestedUntil'],
      message: 'validation.borrowLoanTooLong',
    });
export type BorrowFormInput = z.input<ReturnType<typeof borrowFormSchema>>;

/**
 * POST /api/lending-requests (spec §7). `requesterId` and `ownerId` may
 * accompany the call; when present they must be the signed-in user and the
 * item's owner. `expectedReturnDate` is the form's until-date.
 */
export const createLendingRequestSchema = (earliest: string, latestStart = latestBorrowStart(earliest)) =>
  z
    .object({
      itemId: z.uuid(),
      requesterId: z.uuid().optional(),
      ownerId: z.uuid().optional(),
      message: borrowMessageSchema,
      requestedFrom: borrowStartSchema(earliest, latestStart),
      expectedReturnDate: isoDateSchema,
    })
    .refine((v) => v.expectedReturnDate >= v.requestedFrom, {
      path: ['expectedReturnDate'],
      message: 'validation.borrowUntilBeforeFrom',
    })
    .refine((v) => loanWithinLimit(v.requestedFrom, v.expectedReturnDate), {
      path: ['expectedReturnDate'],
      message: 'validation.borrowLoanTooLong',
    });
export type CreateLendingRequestInput = z.input<ReturnType<typeof createLendingRequestSchema>>;

/** What the owner may move a request to with PUT /api/lending-requests/{id}. */
export const OWNER_REQUEST_ACTIONS = ['accepted', 'declined', 'borrowed', 'returned'] as const;
export type OwnerRequestAction = (typeof OWNER_REQUEST_ACTIONS)[number];

export const ownerResponseSchema = z
  .string()
  .trim()
  .max(LIMITS.messageMax, { message: 'validation.messageTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
  .transform((v) => (v === '' ? null : v));

export const updateLendingRequestSchema = z.object({
  status: z.enum(OWNER_REQUEST_ACTIONS, { message: 'validation.requestStatusInvalid' }),
  ownerResponse: ownerResponseSchema.prefault(''),
});
export type UpdateLendingRequestInput = z.input<typeof updateLendingRequestSchema>;

export const lendingRequestIdParamsSchema = z.object({ id: z.uuid() });

/** Every action of the lending state machine, including the requester's withdraw. */
export const LENDING_ACTIONS = ['create', 'accept', 'decline', 'markBorrowed', 'markReturned', 'withdraw'] as const;
export type LendingAction = (typeof LENDING_ACTIONS)[number];

/** The two parties of a lending request. */
export type LendingParty = 'requester' | 'owner';

/**
 * Which party takes each step (spec §6: the borrower asks and withdraws, the
 * owner decides, hands the item out and takes it back). The server's policy
 * authorizes steps by it (policies/lending-policy.ts), and a step's message
 * comes from this party.
 */
export const LENDING_ACTION_ACTOR = {
  create: 'requester',
  withdraw: 'requester',
  accept: 'owner',
  decline: 'owner',
  markBorrowed: 'owner',
  markReturned: 'owner',
} as const satisfies Record<LendingAction, LendingParty>;

/** Spec §3 Lending request, with the two people's names for the cards and messages. */
export const lendingRequestSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  requesterId: z.string(),
  ownerId: z.string(),
  /** `recorded`: the owner recorded a loan that happened outside the app (issue 19); no message, no answer. */
  origin: z.enum(LOAN_ORIGINS),
  /** The request's message; a recorded loan's optional note, which only the owner sees (null for the borrower). */
  message: z.string().nullable(),
  requestedFrom: z.string().nullable(),
  expectedReturnDate: z.string().nullable(),
  status: z.enum(LENDING_REQUEST_STATUSES),
  /** The day the item was handed out and the day it came back, once they happened. */
  lentOn: z.string().nullable(),
  returnedOn: z.string().nullable(),
  /** The owner keeps this accepted reservation past its pick-up grace: it is not released (issue 35). */
  keptPastPickup: z.boolean(),
  /** A "something's wrong" report on the loan that the owner has not settled yet (issue 36). */
  openProblem: z.boolean(),
  ownerResponse: z.string().nullable(),
  requestedAt: z.string(),
  respondedAt: z.string().nullable(),
  item: z.object({
    name: z.string(),
    category: z.enum(ITEM_CATEGORIES),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
  /** `deleted`: the requester deleted their account (docs/decisions/0015); show "Deleted account". */
  requester: z.object({ name: z.string(), deleted: z.boolean() }),
  owner: z.object({ name: z.string() }),
});
export type LendingRequest = z.infer<typeof lendingRequestSchema>;
export const lendingRequestListSchema = z.array(lendingRequestSchema);
