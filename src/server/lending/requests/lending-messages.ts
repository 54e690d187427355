import { LENDING_ACTION_ACTOR, type LendingAction } from '@/contract/schemas/lending';
import type { SystemEvent } from '@/contract/schemas/messages';
import type { NewMessage } from '../../message-writer/write-messages';

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
 * The step's message with the item its notification names: the request's
 * item, known here, so the statement need not read it (for a new request it
 * could not: the request is written in the same statement).
 */
export function lendingStepMessageNotifying(context: StepContext): NewMessage {
  return { ...lendingStepMessage(context), itemName: context.itemName };
}

/**
 * A person's own words that come with a step's system message (the owner's
 * answer to an accept or decline, the borrower's reason for an extension),
 * written with it in one writeMessages call, right after it. Quiet: the
 * system message's notification tells the other person already.
 */
export function noteWithStep(message: { senderId: string; receiverId: string; content: string }): NewMessage {
  return { ...message, messageType: 'user', quiet: true };
}
