import type { TFunction } from 'i18next';
import type { LendingRequestStatus } from '@/contract/enums';
import type { ConversationSummary, Message, SystemEvent } from '@/contract/schemas/messages';

/**
 * System messages are shown from their `systemEvent` in the reader's
 * language, never by matching the English `content` (docs/decisions/0010).
 * Written out so the key check sees every key.
 */
export const SYSTEM_TEXT_KEYS = {
  request_created: 'messages.system.request_created',
  request_accepted: 'messages.system.request_accepted',
  request_declined: 'messages.system.request_declined',
  request_withdrawn: 'messages.system.request_withdrawn',
  item_borrowed: 'messages.system.item_borrowed',
  item_returned: 'messages.system.item_returned',
  network_request: 'messages.system.network_request',
  network_item_added: 'messages.system.network_item_added',
  item_deleted: 'messages.system.item_deleted',
  requester_account_deleted: 'messages.system.requester_account_deleted',
  borrower_account_deleted: 'messages.system.borrower_account_deleted',
  owner_account_deleted: 'messages.system.owner_account_deleted',
  extension_requested: 'messages.system.extension_requested',
  extension_accepted: 'messages.system.extension_accepted',
  extension_declined: 'messages.system.extension_declined',
  loan_recorded: 'messages.system.loan_recorded',
  loan_disputed: 'messages.system.loan_disputed',
  reservation_released: 'messages.system.reservation_released',
  loan_problem_reported: 'messages.system.loan_problem_reported',
  loan_problem_settled: 'messages.system.loan_problem_settled',
  loan_return_assessed: 'messages.system.loan_return_assessed',
  loan_thanked: 'messages.system.loan_thanked',
} as const satisfies Record<SystemEvent, string>;

/** The conversation list knows the event but not the item: a short text without it. */
export const SYSTEM_PREVIEW_KEYS = {
  request_created: 'messages.preview.request_created',
  request_accepted: 'messages.preview.request_accepted',
  request_declined: 'messages.preview.request_declined',
  request_withdrawn: 'messages.preview.request_withdrawn',
  item_borrowed: 'messages.preview.item_borrowed',
  item_returned: 'messages.preview.item_returned',
  network_request: 'messages.preview.network_request',
  network_item_added: 'messages.preview.network_item_added',
  item_deleted: 'messages.preview.item_deleted',
  requester_account_deleted: 'messages.preview.requester_account_deleted',
  borrower_account_deleted: 'messages.preview.borrower_account_deleted',
  owner_account_deleted: 'messages.preview.owner_account_deleted',
  extension_requested: 'messages.preview.extension_requested',
  extension_accepted: 'messages.preview.extension_accepted',
  extension_declined: 'messages.preview.extension_declined',
  loan_recorded: 'messages.preview.loan_recorded',
  loan_disputed: 'messages.preview.loan_disputed',
  reservation_released: 'messages.preview.reservation_released',
  loan_problem_reported: 'messages.preview.loan_problem_reported',
  loan_problem_settled: 'messages.preview.loan_problem_settled',
  loan_return_assessed: 'messages.preview.loan_return_assessed',
  loan_thanked: 'messages.preview.loan_thanked',
} as const satisfies Record<SystemEvent, string>;

export const REQUEST_STATUS_KEYS = {
  pending: 'messages.requestStatus.pending',
  accepted: 'messages.requestStatus.accepted',
  declined: 'messages.requestStatus.declined',
  borrowed: 'messages.requestStatus.borrowed',
  returned: 'messages.requestStatus.returned',
  withdrawn: 'messages.requestStatus.withdrawn',
  disputed: 'messages.requestStatus.disputed',
  released: 'messages.requestStatus.released',
} as const satisfies Record<LendingRequestStatus, string>;

/**
 * How a message is drawn:
 * - `lendingRequest`: the message that opened a lending request, with its
 *   current status (and Accept/Decline for the owner while pending). Later
 *   steps of the same request are system lines, so the status and the
 *   buttons appear once per request.
 * - `networkRequest`: what someone asks their network for.
 * - `system`: a centred notice (other request steps, network answers).
 * - `bubble`: what people write.
 */
export type MessageKind = 'bubble' | 'system' | 'lendingRequest' | 'networkRequest';

export function messageKind(message: Message): MessageKind {
  if (message.messageType === 'network_request' && message.networkRequest) return 'networkRequest';
  if (
    message.messageType === 'request_notification' &&
    message.lendingRequest &&
    (message.systemEvent === null || message.systemEvent === 'request_created')
  ) {
    return 'lendingRequest';
  }
  if (message.messageType === 'user' || message.messageType === 'text') return 'bubble';
  return 'system';
}

/** What the responder reads about their own quick-add answer ("your request" is the requester's view). */
export const NETWORK_ITEM_ADDED_BY_READER_KEY = 'messages.notice.networkItemAddedByYou';

/**
 * A system message in the reader's language, naming the item of its lending
 * request (or the title of its network request) and, where it matters, who
 * sent it. Without an event or a name to put in, the server's own sentence
 * is all there is.
 */
export function systemMessageText(t: TFunction, message: Message, readerId: string): string {
  // The name kept with the message when its request is gone (a deleted item or account).
  const item =
    nonEmpty(message.lendingRequest?.itemName) ??
    nonEmpty(message.networkRequest?.title) ??
    nonEmpty(message.systemItemName ?? undefined);
  if (message.systemEvent === null || item === undefined) return message.content;
  if (message.systemEvent === 'network_item_added' && message.senderId === readerId) {
    return t(NETWORK_ITEM_ADDED_BY_READER_KEY, { item });
  }
  return t(SYSTEM_TEXT_KEYS[message.systemEvent], { item, name: senderName(t, message) });
}

export const DELETED_ACCOUNT_KEY = 'messages.deletedAccount';

/** Who wrote a message: a deleted account shows a translated label, not its stand-in's stored name. */
export function senderName(t: TFunction, message: Message): string {
  return message.sender.deleted ? t(DELETED_ACCOUNT_KEY) : message.sender.name;
}

/** The other person of a conversation, by the same rule. */
export function partnerLabel(t: TFunction, partner: { name: string; deleted: boolean }): string {
  return partner.deleted ? t(DELETED_ACCOUNT_KEY) : partner.name;
}

/** Whether a notice tells its reader that an item was shared with them (then it links to Available Items). */
export function isItemSharedWithReader(message: Message, readerId: string): boolean {
  return message.systemEvent === 'network_item_added' && message.receiverId === readerId;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}

/** The conversation list's last-message line: system events translated, people's words as written. */
export function conversationPreview(t: TFunction, conversation: ConversationSummary): string {
  if (conversation.lastSystemEvent !== null) return t(SYSTEM_PREVIEW_KEYS[conversation.lastSystemEvent]);
  return conversation.lastMessage;
}
