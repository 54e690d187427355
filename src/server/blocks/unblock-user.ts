import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userBlocks } from '../db/schema';
import { announceAfterCommit, backgroundAnnounceLog, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus } from '../events/live-event-bus';
import { announceUnreadCount } from '../messages/announce-unread-count';
import { authorize, type Actor } from '../policies';

/**
 * DELETE /api/blocks/{userId}: lifts the actor's block of that person
 * (docs/decisions/0018). The statement only reaches the actor's own row, so
 * nobody else's block can be lifted, and the blocked person cannot lift the
 * block on themselves; lifting a block that does not exist changes nothing
 * (idempotent, the same 204). What the other rules allow comes back at once
 * (items, photos, the conversation); removed shares and declined requests
 * stay as they are.
 */
export async function unblockUser(
  db: Database,
  bus: LiveEventBus,
  actor: Actor,
  userId: string,
  log: AnnounceLog = backgroundAnnounceLog,
): Promise<void> {
  authorize(actor, 'block:lift', { blockerId: actor.id });
  const lifted = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, actor.id), eq(userBlocks.blockedId, userId)))
    .returning({ blockedId: userBlocks.blockedId });
  if (lifted.length === 0) return;
  await announceAfterCommit(
    log,
    async () => {
      await bus.publishMany([
        { userIds: [actor.id, userId], event: { type: 'items_changed' } },
        { userIds: [actor.id], event: { type: 'message', partnerId: userId } },
      ]);
      await announceUnreadCount(db, bus, actor.id);
    },
    { unblockedUserId: userId },
  );
}
