import { sql } from 'drizzle-orm';
import { LENDING_ACTION_ACTOR, type LendingAction } from '../../contract/schemas/lending';
import type { SystemEvent } from '../../contract/schemas/messages';
import type { DbOrTx } from '../db/client';
import { messages } from '../db/schema';
import type { OneMessage } from '../messages/insert-message-notifying';
import type { NewMessage, PostedMessage } from '../messages/post-message';

const EVENT_OF: Record<LendingAction, SystemEvent> = {
  create: 'request_created',
  withdraw: 'request_withdrawn',
  accept: 'request_accepted',
  decline: 'request_declined',
  markBorrowed: 'item_borrowed',
  markReturned: 'item_returned',
};

/**
 * English sentences stored in `content` (exports, old clients); readers see
 * `systemEvent` in their own language (docs/decisions/0010), so these are
 * never matched by wording.
 */
const SENTENCE_OF: Record<Exclude<LendingAction, 'create'>, (itemName: string) => string> = {
  withdraw: (name) => `Request withdrawn: ${name}`,
  accept: (name) => `Request accepted: ${name}`,
  decline: (name) => `Request declined: ${name}`,
  markBorrowed: (name) => `Item handed over: ${name}`,
  markReturned: (name) => `Item returned: ${name}`,
};

export interface StepContext {
  action: LendingAction;
  requestId: string;
  requesterId: string;
  ownerId: string;
  itemName: string;
  /** The requester's message (create). */
  message?: string;
}

/**
 * The message one step posts into the two people's conversation, from the
 * one who took the step to the other. Creating posts the requester's own
 * words as the request notification (the owner answers it with Accept or
 * Decline); every other step posts a system message.
 */
export function lendingStepMessage(context: StepContext): NewMessage {
  const { action, requestId, requesterId, ownerId, itemName } = context;
  const byRequester = LENDING_ACTION_ACTOR[action] === 'requester';
  const base = {
    senderId: byRequester ? requesterId : ownerId,
    receiverId: byRequester ? ownerId : requesterId,
    systemEvent: EVENT_OF[action],
    lendingRequestId: requestId,
  };
  if (action === 'create') {
    const content = context.message?.trim() || `Borrow request: ${itemName}`;
    return { ...base, content, messageType: 'request_notification' };
  }
  return { ...base, content: SENTENCE_OF[action](itemName), messageType: 'system' };
}

/**
 * The step's message as `insertMessageNotifying` writes it with its
 * notification: the notification names the request's item.
 */
export function lendingStepMessageNotifying(context: StepContext): OneMessage {
  // Field by field: a field OneMessage does not take (systemItemName, networkRequestId) must not vanish in a spread.
  const { senderId, receiverId, content, messageType, systemEvent, lendingRequestId, ...rest } =
    lendingStepMessage(context);
  if (Object.values(rest).some((value) => value !== undefined && value !== null)) {
    throw new Error('A lending step message with fields the one-statement insert does not write');
  }
  return { senderId, receiverId, content, messageType, systemEvent, lendingRequestId, itemName: context.itemName };
}

/**
 * The owner's optional answer to an accept or decline, as their own message
 * right after the system message. `clock_timestamp()` rather than the
 * transaction's `now()`, which the system message already carries: threads
 * sort by time, and the answer must not come first.
 */
export async function insertOwnerResponse(
  tx: DbOrTx,
  message: { senderId: string; receiverId: string; content: string },
): Promise<PostedMessage[]> {
  return tx
    .insert(messages)
    .values({ ...message, messageType: 'user', createdAt: sql`clock_timestamp()` })
    .returning({ id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId });
}
