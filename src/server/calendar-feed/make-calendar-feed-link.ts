import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { calendarFeeds } from '../db/schema';
import { authorize, type Actor } from '../policies';
import { feedTokenFor, feedTokenHash } from './feed-token';
import type { CurrentCalendarFeed } from './get-calendar-feed';

/**
 * POST /api/calendar-feed: a new link for the actor's feed, the first one or
 * one replacing the current. A fresh random link id means a new token; its
 * hash replaces the old one in the same statement, so the old link stops
 * working at once (a calendar subscribed to it gets 404 at its next fetch).
 * Two at once: the later write wins, and each answers the link it wrote.
 */
export async function makeCalendarFeedLink(db: DbOrTx, feedKey: string, actor: Actor): Promise<CurrentCalendarFeed> {
  authorize(actor, 'calendarFeed:manage', { userId: actor.id });
  const linkId = randomUUID();
  const token = feedTokenFor(feedKey, linkId);
  const tokenHash = feedTokenHash(token);
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: actor.id, linkId, tokenHash })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { linkId, tokenHash, createdAt: sql`now()` },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  if (!row) throw new Error('The calendar feed row was not written');
  return { token, createdAt: row.createdAt };
}
