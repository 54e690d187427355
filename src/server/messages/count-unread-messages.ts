import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import type { Actor } from '../policies';
import { unreadCounted } from '../message-writer/unread-counted';

/**
 * GET /api/messages/unread-count: the actor's unread messages for the header
 * and bottom-navigation badge, one indexed count. Only messages addressed to
 * the actor are counted, so there is nobody else's count to ask for.
 */
export async function countUnreadMessages(db: Database, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, actor.id), isNull(messages.readAt), unreadCounted));
  return row?.count ?? 0;
}
