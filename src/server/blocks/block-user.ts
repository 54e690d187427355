import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { itemContactPermissions, items, lendingRequests, userBlocks, users } from '../db/schema';
import { announceAfterCommit, backgroundAnnounceLog, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus, LiveEventDelivery } from '../events/live-event-bus';
import { AppError } from '../http/app-error';
import { lendingStepMessage } from '../lending/requests/lending-messages';
import { withParties } from '../db/request-parties';
import { announceMessages } from '../message-writer/announce-messages';
import { writeMessages } from '../message-writer/write-messages';
import { announceUnreadCount } from '../messages/announce-unread-count';
import { authorize, type Actor } from '../policies';

/**
 * POST /api/blocks: the actor blocks `userId` (docs/decisions/0018). Only a
 * real, non-deleted other person: oneself is 400, an unknown id or a deleted
 * account's stand-in 404 `user_not_found`. Idempotent: blocking again
 * changes nothing and answers the same.
 *
 * In one transaction, with the block:
 * - the actor's item shares to that person (item_contact_permissions) go;
 * - that person's pending lending requests to the actor are declined, and
 *   the actor's pending requests to them withdrawn, each with the system
 *   message an ordinary decline or withdrawal posts: the blocked person
 *   must see nothing that tells a block from what anyone may do, and a
 *   decline without its usual message would be such a tell (so would a
 *   missing notification: the block row is written after those messages);
 * - accepted and borrowed loans continue: the item is physically somewhere,
 *   and the owner can still mark it returned.
 *
 * It first locks the actor's items (and the items of the actor's pending
 * requests to that person), the lock every lending request takes on its
 * item, so a request racing the block is either declined here or, waiting
 * for that lock, sees the block and is refused (create-lending-request.ts).
 */
export async function blockUser(
  db: Database,
  bus: LiveEventBus,
  actor: Actor,
  userId: string,
  log: AnnounceLog = backgroundAnnounceLog,
): Promise<void> {
  if (userId === actor.id) {
    throw AppError.invalid('You cannot block yourself', 'errors.invalid_input', [
      { path: 'userId', messageKey: 'validation.blockSelf' },
    ]);
  }
  const [target] = await db
    .select({ id: users.id, deleted: sql<boolean>`${users.deletedAt} IS NOT NULL` })
    .from(users)
    .where(eq(users.id, userId));
  if (!target || target.deleted) throw new AppError('user_not_found', 'No registered user matches');
  authorize(actor, 'block:create', target);

  const { closed: changedRequests, posted } = await db.transaction(async (tx) => {
    await tx.execute(sql`
      SELECT i.id FROM ${items} i
       WHERE i.owner_id = ${actor.id}
          OR i.id IN (SELECT lr.item_id FROM ${lendingRequests} lr
                       WHERE lr.requester_id = ${actor.id} AND lr.owner_id = ${userId} AND lr.status = 'pending')
       ORDER BY i.id
         FOR UPDATE`);
    await tx
      .delete(itemContactPermissions)
      .where(
        and(
          eq(itemContactPermissions.contactUserId, userId),
          inArray(
            itemContactPermissions.itemId,
            tx.select({ id: items.id }).from(items).where(eq(items.ownerId, actor.id)),
          ),
        ),
      );
    // Pending requests always name their item and requester (request-parties.ts).
    const declined = await tx
      .update(lendingRequests)
      .set({ status: 'declined', respondedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(lendingRequests.requesterId, userId),
          eq(lendingRequests.ownerId, actor.id),
          eq(lendingRequests.status, 'pending'),
        ),
      )
      .returning(closedRequest)
      .then((rows) => rows.map(withParties));
    const withdrawn = await tx
      .update(lendingRequests)
      .set({ status: 'withdrawn', updatedAt: sql`now()` })
      .where(
        and(
          eq(lendingRequests.requesterId, actor.id),
          eq(lendingRequests.ownerId, userId),
          eq(lendingRequests.status, 'pending'),
        ),
      )
      .returning(closedRequest)
      .then((rows) => rows.map(withParties));
    const names = await itemNames(
      tx,
      [...declined, ...withdrawn].map((request) => request.itemId),
    );
    const posted = await writeMessages(tx, [
      ...declined.map((request) => stepMessage('decline', request, names)),
      ...withdrawn.map((request) => stepMessage('withdraw', request, names)),
    ]);
    // After the step messages: their notifications pass the block filter exactly as an ordinary
    // decline's or withdrawal's do, so none is missing to tell the block. Nobody sees the
    // transaction's order; the block counts for everyone from its commit.
    await tx.insert(userBlocks).values({ blockerId: actor.id, blockedId: userId }).onConflictDoNothing();
    return { closed: [...declined, ...withdrawn], posted };
  });

  // After commit, ids only (decision 0011): both lists of other people's
  // items changed, the actor's conversations and unread total (the blocked
  // person's conversation is now hidden), and each closed request.
  // The blocked person hears nothing a decline or an unshared item would not
  // tell them: the step messages are announced as take-lending-step's are.
  const both = [actor.id, userId];
  const deliveries: LiveEventDelivery[] = [
    { userIds: both, event: { type: 'items_changed' } },
    { userIds: [actor.id], event: { type: 'message', partnerId: userId } },
    ...changedRequests.map((request) => ({
      userIds: both,
      event: { type: 'request_changed', requestId: request.id, itemId: request.itemId } as const,
    })),
  ];
  await announceAfterCommit(
    log,
    async () => {
      await announceMessages(db, bus, posted, deliveries);
      await announceUnreadCount(db, bus, actor.id);
    },
    { blockedUserId: userId },
  );
}

const closedRequest = {
  id: lendingRequests.id,
  itemId: lendingRequests.itemId,
  requesterId: lendingRequests.requesterId,
  ownerId: lendingRequests.ownerId,
};
type ClosedRequest = { id: string; itemId: string; requesterId: string; ownerId: string };

/** The names the step messages carry, in one statement however many requests closed. */
async function itemNames(tx: DbOrTx, itemIds: string[]): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tx.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, itemIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The same message an ordinary decline (by the owner) or withdrawal (by the requester) posts. */
function stepMessage(action: 'decline' | 'withdraw', request: ClosedRequest, names: Map<string, string>) {
  return lendingStepMessage({
    action,
    requestId: request.id,
    requesterId: request.requesterId,
    ownerId: request.ownerId,
    itemName: names.get(request.itemId) ?? '',
  });
}
