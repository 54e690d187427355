import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { MessageType } from '../../contract/enums';
import type { SystemEvent } from '../../contract/schemas/messages';
import type { Database, DbOrTx } from '../db/client';
import { messages } from '../db/schema';
import type { LiveEventBus } from '../events/live-event-bus';

export interface NewMessage {
  senderId: string;
  receiverId: string;
  /** The English text; system messages also carry `systemEvent` so readers see their own language. */
  content: string;
  messageType: MessageType;
  systemEvent?: SystemEvent | null;
  lendingRequestId?: string | null;
  networkRequestId?: string | null;
}

export interface PostedMessage {
  id: string;
  senderId: string;
  receiverId: string;
}

/**
 * Writes messages inside the caller's transaction (a request's status and its
 * system message commit together, or not at all). Call
 * `announceMessages` once the transaction has committed.
 */
export async function insertMessages(tx: DbOrTx, rows: readonly NewMessage[]): Promise<PostedMessage[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(messages)
    .values(
      rows.map((row) => ({
        senderId: row.senderId,
        receiverId: row.receiverId,
        content: row.content,
        messageType: row.messageType,
        systemEvent: row.systemEvent ?? null,
        lendingRequestId: row.lendingRequestId ?? null,
        networkRequestId: row.networkRequestId ?? null,
      })),
    )
    .returning({ id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId });
}

/**
 * After commit: tells both people of each message that their conversation
 * changed, and each receiver their new unread total (one grouped count for
 * all receivers, however many messages went out).
 */
export async function announceMessages(
  db: Database,
  bus: LiveEventBus,
  posted: readonly PostedMessage[],
): Promise<void> {
  if (posted.length === 0) return;
  const receivers = [...new Set(posted.map((m) => m.receiverId))];
  const totals = await db
    .select({ receiverId: messages.receiverId, count: count() })
    .from(messages)
    .where(and(inArray(messages.receiverId, receivers), isNull(messages.readAt)))
    .groupBy(messages.receiverId);
  const unread = new Map(totals.map((row) => [row.receiverId, row.count]));
  await Promise.all([
    ...posted.flatMap((m) => [
      bus.publish([m.receiverId], { type: 'message', partnerId: m.senderId }),
      bus.publish([m.senderId], { type: 'message', partnerId: m.receiverId }),
    ]),
    ...receivers.map((id) => bus.publish([id], { type: 'unread_count', count: unread.get(id) ?? 0 })),
  ]);
}

/** After a read: the reader's new unread total, for the badge on their other tabs and devices. */
export async function announceUnreadCount(db: Database, bus: LiveEventBus, userId: string): Promise<void> {
  const [row] = await db
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), isNull(messages.readAt)));
  await bus.publish([userId], { type: 'unread_count', count: row?.count ?? 0 });
}
