import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, lendingRequests } from '../db/schema';
import { announceAfterCommit, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus, LiveEventDelivery } from '../events/live-event-bus';
import { AppError } from '../http/app-error';
import { withParties } from '../db/request-parties';
import { announceMessages } from '../message-writer/announce-messages';
import { writeMessages, type PostedMessage } from '../message-writer/write-messages';
import type { Actor } from '../policies';
import { authorizeItem } from './item-access';
import { selectItemViewers } from './item-viewers';

/** What a deletion changed for others, for the live events after commit. */
export interface ItemDeletion {
  itemId: string;
  ownerId: string;
  /** Everyone but the owner who could see the item until now. */
  viewerIds: string[];
  /** The open requests that went with the item. */
  closedRequests: { id: string; requesterId: string }[];
  /** The notices to their requesters. */
  posted: PostedMessage[];
}

/**
 * The English sentence stored with the notice (exports, old clients); readers
 * see `item_deleted` in their own language. It carries the item's name
 * because the notice's link to the request is gone with the request.
 */
export function itemDeletedText(itemName: string): string {
  return `“${itemName}” was removed by its owner, so the request was closed.`;
}

/**
 * DELETE /api/items/{id}: refused while the item is lent out (the borrower
 * still has it). Otherwise its shares, photos and open or ended requests go
 * with it; its returned loans stay as both people's history under the
 * item's name; messages keep their text and lose the link. Whoever
 * had a pending or accepted request is told by a system message, written in
 * the same transaction, so no request vanishes without a word.
 *
 * Kept in PostgreSQL too: a loan keeps its item's name via items_keep_name_in_loans (drizzle/0014_loan_history.sql); see docs/database-rules.md.
 */
export async function deleteItem(db: Database, actor: Actor, itemId: string): Promise<ItemDeletion> {
  return db.transaction(async (tx) => {
    const item = await authorizeItem(tx, actor, itemId, 'item:delete', { lock: true });
    if (item.status === 'borrowed') throw new AppError('item_lent_out', 'The item is lent out');
    const closedRequests = await tx
      .select({ id: lendingRequests.id, itemId: lendingRequests.itemId, requesterId: lendingRequests.requesterId })
      .from(lendingRequests)
      .where(and(eq(lendingRequests.itemId, itemId), inArray(lendingRequests.status, ['pending', 'accepted'])))
      .then((rows) => rows.map(withParties));
    const viewerIds = await selectItemViewers(tx, itemId);
    const posted = await writeMessages(
      tx,
      closedRequests.map((request) => ({
        senderId: item.ownerId,
        receiverId: request.requesterId,
        content: itemDeletedText(item.name),
        messageType: 'system' as const,
        systemEvent: 'item_deleted' as const,
        // The request goes with the item: the notice keeps the name so every reader sees it in their language.
        systemItemName: item.name,
      })),
    );
    // Loans that came back are history (issue 19) and stay, keeping the item's name (a trigger copies it,
    // the foreign key sets item_id NULL). Requests that never became a loan, or were ended by a dispute, go.
    await tx
      .delete(lendingRequests)
      .where(and(eq(lendingRequests.itemId, itemId), ne(lendingRequests.status, 'returned')));
    await tx.delete(items).where(eq(items.id, itemId));
    return { itemId, ownerId: item.ownerId, viewerIds, closedRequests, posted };
  });
}

/**
 * After commit, in one publish: the requesters' notices, their requests'
 * `request_changed` (the request is gone; their lists refetch) and
 * `items_changed` to everyone who could see the item.
 */
export async function announceItemDeletion(
  db: Database,
  bus: LiveEventBus,
  deletion: ItemDeletion,
  log: AnnounceLog,
): Promise<void> {
  const alongWith: LiveEventDelivery[] = deletion.closedRequests.map((request) => ({
    userIds: [request.requesterId, deletion.ownerId],
    event: { type: 'request_changed', requestId: request.id, itemId: deletion.itemId },
  }));
  const lostSight = [...new Set([...deletion.viewerIds, ...deletion.closedRequests.map((r) => r.requesterId)])];
  if (lostSight.length > 0) alongWith.push({ userIds: lostSight, event: { type: 'items_changed' } });
  await announceAfterCommit(log, () => announceMessages(db, bus, deletion.posted, alongWith), {
    itemId: deletion.itemId,
  });
}
