import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import { announceAfterCommit, backgroundAnnounceLog, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus } from '../events/live-event-bus';
import type { Actor } from '../policies';
import { announceUnreadCount } from './announce-unread-count';

/**
 * PUT /api/messages/read/{userId}/{partnerId}: everything the partner sent
 * the actor is read now (spec §4: opening a conversation marks it read).
 * Only messages addressed to the actor change, so no partner id can touch
 * anyone else's messages. The actor's other tabs and devices hear the new
 * unread total when something changed.
 */
export async function markConversationRead(
  db: Database,
  bus: LiveEventBus,
  actor: Actor,
  partnerId: string,
  log: AnnounceLog = backgroundAnnounceLog,
): Promise<void> {
  const changed = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.senderId, partnerId), eq(messages.receiverId, actor.id), isNull(messages.readAt)))
    .returning({ id: messages.id });
  if (changed.length > 0) await announceAfterCommit(log, () => announceUnreadCount(db, bus, actor.id));
}
