import { and, count, inArray, isNull } from 'drizzle-orm';
import type { MessageType } from '../../contract/enums';
import type { SystemEvent } from '../../contract/schemas/messages';
import type { Database, DbOrTx } from '../db/client';
import { messages } from '../db/schema';
import { notifyAboutMessages } from '../notifications/notify-messages';
import { countUnreadMessages } from './count-unread-messages';
import { unreadCounted } from './unread-counted';
import type { LiveEventBus, LiveEventDelivery } from '../events/live-event-bus';

export interface NewMessage {
  senderId: string;
  receiverId: string;
  /** The English text; system messages also carry `systemEvent` so readers see their own language. */
  content: string;
  messageType: MessageType;
  systemEvent?: SystemEvent | null;
  /** The item a system message names, kept because the item may be gone when it is read (docs/decisions/0015). */
  systemItemName?: string | null;
  lendingRequestId?: string | null;
  networkRequestId?: string | null;
}

export interface PostedMessage {
  id: string;
  senderId: string;
  receiverId: string;
}

/** A message as insertMessages stored it: with its time, for an answer built without reading it back. */
export interface StoredMessage extends PostedMessage {
  createdAt: Date;
}

/**
 * Writes messages inside the caller's transaction (a request's status and its
 * system message commit together, or not at all), with their notifications
 * (docs/decisions/0024): pass a transaction, not the pool. Call
 * `announceMessages` once the transaction has committed.
 */
export async function insertMessages(tx: DbOrTx, rows: readonly NewMessage[]): Promise<StoredMessage[]> {
  if (rows.length === 0) return [];
  const posted = await tx
    .insert(messages)
    .values(
      rows.map((row) => ({
        senderId: row.senderId,
        receiverId: row.receiverId,
        content: row.content,
        messageType: row.messageType,
        systemEvent: row.systemEvent ?? null,
        systemItemName: row.systemItemName ?? null,
        lendingRequestId: row.lendingRequestId ?? null,
        networkRequestId: row.networkRequestId ?? null,
      })),
    )
    .returning({
      id: messages.id,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      createdAt: messages.createdAt,
    });
  // Every message is also a notification for its receiver (push, email digest), in the same transaction.
  await notifyAboutMessages(
    tx,
    posted.map((message) => message.id),
  );
  return posted;
}

/**
 * After commit: tells both people of each message that their conversation
 * changed, and each receiver their new unread total. Two round trips however
 * many messages went out (a network request reaches a whole network): one
 * grouped count, and one `publishMany` in which
 *
 * - the receivers of each sender share one `message` event naming the sender;
 * - each sender gets one `message` event, naming one of their receivers (the
 *   only one of a direct message): clients refetch every conversation on
 *   any `message` event, so one per sender is enough;
 * - receivers whose new unread totals are equal share one `unread_count`.
 *
 * `alongWith` are other events of the same change (a request's status, an
 * item shared), sent in the same statement after these.
 */
export async function announceMessages(
  db: Database,
  bus: LiveEventBus,
  posted: readonly PostedMessage[],
  alongWith: readonly LiveEventDelivery[] = [],
): Promise<void> {
  if (posted.length === 0) {
    if (alongWith.length > 0) await bus.publishMany(alongWith);
    return;
  }
  const receiversBySender = new Map<string, Set<string>>();
  for (const message of posted) {
    const receivers = receiversBySender.get(message.senderId) ?? new Set<string>();
    receivers.add(message.receiverId);
    receiversBySender.set(message.senderId, receivers);
  }
  const receivers = [...new Set(posted.map((m) => m.receiverId))];
  const totals = await db
    .select({ receiverId: messages.receiverId, count: count() })
    .from(messages)
    .where(and(inArray(messages.receiverId, receivers), isNull(messages.readAt), unreadCounted))
    .groupBy(messages.receiverId);
  const unread = new Map(totals.map((row) => [row.receiverId, row.count]));
  const receiversByTotal = new Map<number, string[]>();
  for (const receiverId of receivers) {
    const total = unread.get(receiverId) ?? 0;
    const sameTotal = receiversByTotal.get(total);
    if (sameTotal) sameTotal.push(receiverId);
    else receiversByTotal.set(total, [receiverId]);
  }

  const deliveries: LiveEventDelivery[] = [];
  for (const [senderId, senderReceivers] of receiversBySender) {
    const [anyReceiver] = senderReceivers;
    deliveries.push({ userIds: [...senderReceivers], event: { type: 'message', partnerId: senderId } });
    if (anyReceiver) deliveries.push({ userIds: [senderId], event: { type: 'message', partnerId: anyReceiver } });
  }
  for (const [total, userIds] of receiversByTotal) {
    deliveries.push({ userIds, event: { type: 'unread_count', count: total } });
  }
  await bus.publishMany([...deliveries, ...alongWith]);
}

/** After a read: the reader's new unread total, for the badge on their other tabs and devices. */
export async function announceUnreadCount(db: Database, bus: LiveEventBus, userId: string): Promise<void> {
  await bus.publish([userId], { type: 'unread_count', count: await countUnreadMessages(db, { id: userId }) });
}
