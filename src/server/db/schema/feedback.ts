import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '@/contract/limits';
import { lengthBetween } from './checks';
import { users } from './users';

/** Beta feedback with a 1–5 star rating (spec §3 Feedback). */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    feedback: text('feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId),
    check(
      'feedback_rating_range',
      sql`${t.rating} BETWEEN ${sql.raw(String(LIMITS.feedbackRatingMin))} AND ${sql.raw(String(LIMITS.feedbackRatingMax))}`,
    ),
    check('feedback_text_length', lengthBetween(t.feedback, 1, 2000)),
  ],
);
