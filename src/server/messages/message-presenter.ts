import type { ConversationSummary, Message, Thread } from '../../contract/schemas/messages';
import type { ConversationRow } from './list-conversations';
import type { ThreadWithPartner } from './get-thread';
import type { StoredMessage } from '../message-writer/write-messages';

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

/**
 * The answer to sending a user message: the same shape as its row in the
 * sender's thread (thread-query.ts), from what the insert returned. A user
 * message is unread when sent, names no request, and its sender is the
 * signed-in person, whose account is not deleted.
 */
export function presentSentMessage(posted: StoredMessage, message: { content: string; senderName: string }): Message {
  return {
    id: posted.id,
    senderId: posted.senderId,
    receiverId: posted.receiverId,
    content: message.content,
    messageType: 'user',
    systemEvent: null,
    systemItemName: null,
    createdAt: posted.createdAt.toISOString(),
    readAt: null,
    sender: { name: message.senderName, deleted: false },
    lendingRequest: null,
    networkRequest: null,
  };
}
