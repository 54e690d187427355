import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One person blocking another (docs/decisions/0018-messaging-consent-and-blocking.md).
 * A block works both ways once it exists: neither can message, reach with a
 * network request or ask to borrow from the other, and they are hidden from
 * each other's lists. Only the blocker can lift it.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Is there a block either way between A and B" reads both directions.
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
