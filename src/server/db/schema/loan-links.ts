import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '@/contract/limits';
import { lengthBetween } from './checks';
import { lendingRequests } from './lending';

/**
 * A private loan link (issue 36, docs/decisions/0049) for a borrower without
 * an account: a loan the owner recorded for an address-book entry or a typed
 * name. Whoever holds the link sees that loan only and may say "I have it",
 * ask for more time, or say "I brought it back". The link is a capability:
 * 256 random bits, of which only the SHA-256 is kept (`token_hash`); a new
 * link replaces the old one (one row per loan), turning it off sets
 * `revoked_at`, and it stops when the loan is no longer out.
 */
export const loanLinks = pgTable(
  'loan_links',
  {
    lendingRequestId: uuid('lending_request_id')
      .primaryKey()
      .references(() => lendingRequests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** "I have it": the borrower confirmed the hand-over. */
    handoverConfirmedAt: timestamp('handover_confirmed_at', { withTimezone: true }),
    /** "I brought it back": the owner confirms by taking it back (Return Item). */
    returnReportedAt: timestamp('return_reported_at', { withTimezone: true }),
    /** "Ask for more time": until when, a note, and the owner's answer. */
    extensionUntil: date('extension_until'),
    extensionNote: text('extension_note'),
    extensionAskedAt: timestamp('extension_asked_at', { withTimezone: true }),
    extensionAnswer: text('extension_answer', { enum: ['accepted', 'declined'] }),
  },
  (t) => [
    uniqueIndex('loan_links_token_hash').on(t.tokenHash),
    check('loan_links_extension_note_length', lengthBetween(t.extensionNote, 1, LIMITS.messageMax)),
    check(
      'loan_links_extension_answer',
      sql`${t.extensionAnswer} IS NULL OR ${t.extensionAnswer} IN ('accepted', 'declined')`,
    ),
    check('loan_links_extension_asked', sql`(${t.extensionUntil} IS NULL) = (${t.extensionAskedAt} IS NULL)`),
  ],
);
