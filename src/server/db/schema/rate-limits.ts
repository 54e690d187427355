import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for limits that must hold across app instances
 * (the in-memory per-minute limit of @fastify/rate-limit is per instance).
 * One row per key: the row is reset when a new window starts, so the table
 * never grows beyond one row per limited key.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
