import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { calendarFeeds } from '../db/schema';
import { authorize, type Actor } from '../policies';

/** DELETE /api/calendar-feed: the feed is off and its link opens nothing; nothing to do when it was off. */
export async function turnOffCalendarFeed(db: DbOrTx, actor: Actor): Promise<void> {
  authorize(actor, 'calendarFeed:manage', { userId: actor.id });
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id));
}
