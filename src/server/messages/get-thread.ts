import type { Message } from '../../contract/schemas/messages';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import type { Partner } from './messaging-relationship';
import { selectThreadWithPartner } from './thread-query';

export interface ThreadWithPartner {
  partner: Partner;
  /** Oldest first. */
  messages: Message[];
}

/**
 * GET /api/conversations/{userId}/{partnerId}: the actor's conversation with
 * one person, the latest THREAD_MESSAGE_LIMIT messages oldest first. One
 * statement reads the relationship and the page; the policy decides on the
 * relationship before any message leaves this function. A partner who does
 * not exist, or whom the actor may not message, is 404: a stranger's id
 * reveals neither a name nor that the account exists.
 */
export async function getThread(db: Database, actor: Actor, partnerId: string): Promise<ThreadWithPartner> {
  const found = await selectThreadWithPartner(db, actor.id, partnerId);
  if (!found) throw AppError.notFound('No such conversation');
  authorize(actor, 'message:readThread', found.partner, { hideAs404: true });
  // The statement skips the page only where the policy refuses (a block by the actor) or
  // where no message exists (no conversation): once allowed, a skipped page is an empty thread.
  return { partner: found.partner, messages: found.messages ?? [] };
}
