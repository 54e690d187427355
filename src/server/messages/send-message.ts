import type { Message, SendMessageInput } from '../../contract/schemas/messages';
import type { Database } from '../db/client';
import { announceAfterCommit, backgroundAnnounceLog, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus } from '../events/live-event-bus';
import { AppError } from '../http/app-error';
import { sendRefusal, type Actor } from '../policies';
import { countUse, refuseBeyondLimit } from '../rate-limits/consume-rate-limit';
import { messageSendLimit } from '../rate-limits/message-send-limit';
import { findPartnerCountingUse } from './messaging-relationship';
import { presentSentMessage } from './message-presenter';
import { announceMessages } from '../message-writer/announce-messages';
import { writeMessage } from '../message-writer/write-messages';

type SendMessageValues = Pick<SendMessageInput, 'receiverId'> & { content: string };

/**
 * POST /api/messages: a user message from the actor (the sender is always
 * the session's user, within LIMITS.messagesPerMinute) to someone who
 * consented to hear from them and with no block between them (decision 0018,
 * amending 0010); a receiver who does not exist is refused the same way as a
 * stranger, so the answer does not reveal which ids are accounts.
 *
 * The answer is the message as the sender's thread shows it, built from
 * what was stored (the insert's id and time) and the sender's name, not read
 * back: a user message has no request or item to join
 * (send-message-answer.test.ts compares it with the thread's copy).
 */
export async function sendMessage(
  db: Database,
  bus: LiveEventBus,
  sender: Actor & { name: string },
  input: SendMessageValues,
  log: AnnounceLog = backgroundAnnounceLog,
): Promise<Message> {
  const actor: Actor = { id: sender.id };
  // The send counts against the sender's budget before the recipient check, so probing who may be
  // messaged costs budget too: one statement with the partner check.
  const limit = messageSendLimit(actor.id);
  const now = new Date();
  const { used, partner } = await findPartnerCountingUse(db, actor.id, input.receiverId, countUse(limit, now));
  refuseBeyondLimit(limit, used, now);
  // An unknown id is refused like a stranger, so the answer does not reveal which ids are accounts.
  if (!partner) throw recipientNotAllowed();
  // The policy decides once; its reason only picks the answer (docs/decisions/0018).
  const refusal = sendRefusal(actor, partner);
  if (refusal === 'oneself') {
    throw AppError.invalid('You cannot message yourself', 'errors.invalid_input', [
      { path: 'receiverId', messageKey: 'errors.invalid_input' },
    ]);
  }
  if (refusal === 'blocked_by_actor') throw new AppError('user_blocked', 'You blocked this person');
  if (refusal !== null) throw recipientNotAllowed();

  // One statement: the message and its notification commit together.
  const created = await writeMessage(db, {
    senderId: actor.id,
    receiverId: input.receiverId,
    content: input.content,
    messageType: 'user',
    itemName: null,
  });
  const posted = [created];
  await announceAfterCommit(log, () => announceMessages(db, bus, posted));
  return presentSentMessage(created, { content: input.content, senderName: sender.name });
}

function recipientNotAllowed() {
  return new AppError(
    'message_recipient_not_allowed',
    'You can message only mutual contacts, group co-members, people who answered you or people you lend with',
  );
}
