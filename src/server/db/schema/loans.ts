import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EXTENSION_STATUSES, LOAN_REMINDER_KINDS } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf } from './checks';
import { lendingRequests } from './lending';
import { users } from './users';

/**
 * A borrower's request to keep an item until a later date (issue 18). The
 * loan's due date is its lending request's expected return date; accepting
 * moves that date.
 */
export const loanExtensionRequests = pgTable(
  'loan_extension_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lendingRequestId: uuid('lending_request_id')
      .notNull()
      .references(() => lendingRequests.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedUntil: date('requested_until').notNull(),
    message: text('message'),
    status: text('status', { enum: EXTENSION_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // One open extension request per loan at a time.
    uniqueIndex('loan_extension_requests_one_pending')
      .on(t.lendingRequestId)
      .where(sql`${t.status} = 'pending'`),
    index('loan_extension_requests_requester_idx').on(t.requesterId),
    check('loan_extension_requests_status', oneOf(t.status, EXTENSION_STATUSES)),
    check('loan_extension_requests_message_length', lengthBetween(t.message, 1, LIMITS.messageMax)),
  ],
);

/**
 * The reminders a loan has had: one row per reminder sent, so a reminder job
 * that runs twice (a retry, a second instance) sends nothing the second time.
 * `dueDate` is the date the reminder was about: a new due date gets new reminders.
 */
export const loanReminders = pgTable(
  'loan_reminders',
  {
    lendingRequestId: uuid('lending_request_id')
      .notNull()
      .references(() => lendingRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LOAN_REMINDER_KINDS }).notNull(),
    dueDate: date('due_date').notNull(),
    /** 0 for due_soon; 1, 2, 3 for the overdue notices. */
    sequence: smallint('sequence').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lendingRequestId, t.kind, t.dueDate, t.sequence] }),
    check('loan_reminders_kind', oneOf(t.kind, LOAN_REMINDER_KINDS)),
    check('loan_reminders_sequence', sql`${t.sequence} BETWEEN 0 AND 3`),
  ],
);
