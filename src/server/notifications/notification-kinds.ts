import type { NotificationKind } from '../../contract/enums';
import type { SystemEvent } from '../../contract/schemas/messages';

/**
 * Which kind of notification a system message is (docs/decisions/0024). The
 * messages that end something because an account is gone notify nobody: the
 * conversation shows them, and there is no one left to answer.
 */
const KIND_OF_SYSTEM_EVENT: Record<SystemEvent, NotificationKind | null> = {
  request_created: 'borrow_request',
  request_withdrawn: 'borrow_request',
  extension_requested: 'borrow_request',
  request_accepted: 'request_answered',
  request_declined: 'request_answered',
  item_deleted: 'request_answered',
  extension_accepted: 'request_answered',
  extension_declined: 'request_answered',
  // The requester learns their reservation ended unclaimed, as an answer to it (issue 35).
  reservation_released: 'request_answered',
  item_borrowed: 'handover',
  item_returned: 'handover',
  // A loan recorded after the fact tells the borrower they have the item; their "that's not right" tells the owner.
  loan_recorded: 'handover',
  loan_disputed: 'handover',
  // A loan's condition and problems (issue 36): told at once, as hand-overs are.
  loan_problem_reported: 'handover',
  loan_problem_settled: 'handover',
  loan_return_assessed: 'handover',
  loan_thanked: 'handover',
  network_request: 'network_request',
  network_item_added: 'network_request',
  requester_account_deleted: null,
  borrower_account_deleted: null,
  owner_account_deleted: null,
};

/** The notification a message makes: a system message by its event, a chat message as `message`. */
export function notificationKindOf(messageType: string, systemEvent: SystemEvent | null): NotificationKind | null {
  if (systemEvent) return KIND_OF_SYSTEM_EVENT[systemEvent];
  return messageType === 'user' || messageType === 'text' ? 'message' : null;
}
