import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { calendarFeeds } from '../db/schema';
import { authorize, type Actor } from '../policies';
import { feedTokenFor, feedTokenHash } from './feed-token';

/** A person's current feed link: its token (recomputed, never stored) and when it was made. */
export interface CurrentCalendarFeed {
  token: string;
  createdAt: Date;
}

/**
 * GET /api/calendar-feed: the actor's current link, or undefined when they
 * have none. The token is recomputed from the row's link id; when it no
 * longer hashes to the stored hash, the key has changed since the link was
 * made (CALENDAR_FEED_SECRET replaced): that link opens nothing any more,
 * so there is no feed to show, and "make a new link" starts again.
 */
export async function getCalendarFeed(
  db: DbOrTx,
  feedKey: string,
  actor: Actor,
): Promise<CurrentCalendarFeed | undefined> {
  authorize(actor, 'calendarFeed:manage', { userId: actor.id });
  const [row] = await db
    .select({ linkId: calendarFeeds.linkId, tokenHash: calendarFeeds.tokenHash, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, actor.id));
  if (!row) return undefined;
  const token = feedTokenFor(feedKey, row.linkId);
  return feedTokenHash(token) === row.tokenHash ? { token, createdAt: row.createdAt } : undefined;
}
