import { check, date, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { items } from './items';
import { users } from './users';

/**
 * "Tell me when it's free" (issue 35, docs/decisions/0047): a person waiting
 * for an item that is out or booked, for the days they asked for or (no
 * days) for whenever it is back. One entry per person and item; notified
 * once, then removed; ignored and cleared after `expires_at` (30 days).
 */
export const itemWaitlist = pgTable(
  'item_waitlist',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wantedFrom: date('wanted_from'),
    wantedUntil: date('wanted_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('item_waitlist_user_idx').on(t.userId),
    check(
      'item_waitlist_days',
      sql`(${t.wantedFrom} IS NULL) = (${t.wantedUntil} IS NULL) AND (${t.wantedUntil} IS NULL OR ${t.wantedUntil} >= ${t.wantedFrom})`,
    ),
  ],
);
