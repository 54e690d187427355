import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { THANKED_FOR } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf } from './checks';
import { lendingRequests } from './lending';
import { users } from './users';

/**
 * "Thanks, not scores" (issue 36, docs/decisions/0048): after a return, each
 * of a loan's two people may thank the other once, with a short note. What
 * others see is words and how many times, never a score; the person thanked
 * may hide any thanks they received. A deleted account's thanks, given or
 * received, go with it (both people cascade), unlike the loan itself.
 */
export const loanThanks = pgTable(
  'loan_thanks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lendingRequestId: uuid('lending_request_id')
      .notNull()
      .references(() => lendingRequests.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the person thanked did: lent the item, or borrowed it (and brought it back). */
    thankedFor: text('thanked_for', { enum: THANKED_FOR }).notNull(),
    note: text('note'),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per loan and person.
    uniqueIndex('loan_thanks_once').on(t.lendingRequestId, t.fromUserId),
    index('loan_thanks_to_idx').on(t.toUserId, t.createdAt.desc()),
    index('loan_thanks_from_idx').on(t.fromUserId),
    check('loan_thanks_for', oneOf(t.thankedFor, THANKED_FOR)),
    check('loan_thanks_note_length', lengthBetween(t.note, 1, LIMITS.thanksNoteMax)),
    check('loan_thanks_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);
