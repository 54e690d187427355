import { and, count, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import type { LiveEventBus, LiveEventDelivery } from '../events/live-event-bus';
import { unreadCounted } from './unread-counted';
import type { PostedMessage } from './write-messages';

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
