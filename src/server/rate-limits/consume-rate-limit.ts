import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { AppError } from '../http/app-error';

export interface RateLimit {
  /** What is limited and for whom, e.g. `registration-check:<userId>`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one use of `key` in the current fixed window and refuses with 429
 * once `max` is passed, telling the seconds left in the window (sent as
 * `Retry-After`). A single upsert, atomic across app instances: the row's
 * window is reset when a new window has begun.
 */
export async function consumeRateLimit(db: DbOrTx, limit: RateLimit, now = new Date()): Promise<void> {
  const { rows } = await db.execute<{ count: number }>(countUse(limit, now));
  refuseBeyondLimit(limit, rows[0]?.count ?? 0, now);
}

/**
 * Refuses with 429, as consumeRateLimit would, when the current window has no
 * use left, without counting one: for a use case that checks its inputs
 * before it spends the use (photo analysis: an undecodable image spends
 * nothing, issue 32 finding 5) yet refuses a spent budget before that work.
 */
export async function ensureUseLeft(db: DbOrTx, limit: RateLimit, now = new Date()): Promise<void> {
  const { rows } = await db.execute<{ count: number }>(
    sql`SELECT count FROM ${rateLimitCounters}
        WHERE key = ${limit.key} AND window_start = ${windowStartOf(limit, now).toISOString()}::timestamptz`,
  );
  refuseBeyondLimit(limit, (rows[0]?.count ?? 0) + 1, now);
}

/**
 * The upsert that counts one use, returning the window's `count`: for a use
 * case that puts it into a statement of its own as a CTE (sending a message
 * counts its use with the partner check), then calls refuseBeyondLimit.
 */
export function countUse(limit: RateLimit, now: Date): SQL {
  const windowStart = windowStartOf(limit, now);
  return sql`INSERT INTO ${rateLimitCounters} (key, window_start, count)
    VALUES (${limit.key}, ${windowStart.toISOString()}::timestamptz, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${rateLimitCounters.windowStart} = excluded.window_start
                   THEN ${rateLimitCounters.count} + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`;
}

/** Throws 429 when `count` uses in the window are more than the limit allows. */
export function refuseBeyondLimit(limit: RateLimit, count: number, now: Date): void {
  if (count <= limit.max) return;
  const windowStart = windowStartOf(limit, now);
  // Retry-After: the seconds until this window ends (at least 1, so a client never retries at once).
  const windowEnd = windowStart.getTime() + limit.windowSeconds * 1000;
  const secondsLeft = Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
  throw AppError.tooManyRequests(`Rate limit ${limit.key.split(':')[0]} reached`, secondsLeft);
}

function windowStartOf(limit: RateLimit, now: Date): Date {
  const windowMs = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}
