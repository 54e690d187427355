import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A person's private calendar feed (issue 35, docs/decisions/0047): one
 * secret link per person, subscribed to from a calendar app that sends no
 * cookie, so the link itself is the credential. Only its SHA-256 is stored
 * (as for invitation links, docs/decisions/0042), so a copy of the database
 * opens no feed. The server can show its owner the link again: the token is
 * an HMAC of `linkId` under a server secret, recomputed on demand. Making a
 * new link draws a new `linkId` (and hash), and the old link stops working
 * at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which link is current; a new one for "make a new link". */
    linkId: uuid('link_id').notNull().defaultRandom(),
    /** Hex SHA-256 of the link's token: how a feed request finds its person. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
