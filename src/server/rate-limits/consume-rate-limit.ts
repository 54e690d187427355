import { sql } from 'drizzle-orm';
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
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: limit.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${rateLimitCounters.windowStart} = excluded.window_start
          THEN ${rateLimitCounters.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimitCounters.count });
  if ((row?.count ?? 0) > limit.max) {
    // Retry-After: the seconds until this window ends (at least 1, so a client never retries at once).
    const secondsLeft = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw AppError.tooManyRequests(`Rate limit ${limit.key.split(':')[0]} reached`, secondsLeft);
  }
}
