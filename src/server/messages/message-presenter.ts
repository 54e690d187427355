import type { ConversationSummary, Message, Thread } from '../../contract/schemas/messages';
import type { ConversationRow } from './list-conversations';
import type { ThreadWithPartner } from './get-thread';
import type { ThreadMessageRow } from './thread-query';

/** Spec §3 Conversation summary: one row of the actor's conversation list. */
export function presentConversation(row: ConversationRow): ConversationSummary {
  return {
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    partnerDeleted: row.partner_deleted,
    lastMessage: row.content,
    lastMessageType: row.message_type,
    lastSystemEvent: row.system_event,
    lastMessageAt: new Date(row.created_at).toISOString(),
    unreadCount: row.unread_count,
  };
}

/**
 * A thread: the partner (name and whether the account is deleted) and the messages, oldest first, which
 * the query already selects in the contract's shape (thread-query.ts).
 */
export function presentThread({ partner, messages }: ThreadWithPartner): Thread {
  return { partner: { id: partner.partnerId, name: partner.name, deleted: partner.deleted }, messages };
}

/** Spec §3 Message: the contract shape of one row (the answer to sending; the thread's page is selected in it). */
export function presentMessage(row: ThreadMessageRow): Message {
  const { message, lendingRequest: lending, networkRequest: network } = row;
  return {
    id: message.id,
    senderId: message.senderId,
    receiverId: message.receiverId,
    content: message.content,
    messageType: message.messageType,
    systemEvent: message.systemEvent,
    systemItemName: message.systemItemName,
    createdAt: message.createdAt.toISOString(),
    readAt: message.readAt ? message.readAt.toISOString() : null,
    sender: { name: row.senderName, deleted: row.senderDeleted },
    // Left joins give a null id when the message has no request (or one the reader is not party to). A loan
    // whose item is deleted stays, under the item's kept name (docs/decisions/0028).
    lendingRequest:
      lending?.id && lending.ownerId && lending.requesterId && lending.status
        ? {
            id: lending.id,
            itemId: lending.itemId,
            itemName: lending.itemName ?? '',
            ownerId: lending.ownerId,
            requesterId: lending.requesterId,
            status: lending.status,
            requestedFrom: lending.requestedFrom,
            expectedReturnDate: lending.expectedReturnDate,
          }
        : null,
    networkRequest:
      network?.id && network.requesterId && network.title && network.urgency
        ? {
            id: network.id,
            requesterId: network.requesterId,
            title: network.title,
            description: network.description,
            category: network.category,
            urgency: network.urgency,
            answered: network.answered,
            matchedItems: network.matchedItems ?? [],
          }
        : null,
  };
}
