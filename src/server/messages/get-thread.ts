import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { findPartner, type Partner } from './messaging-relationship';
import { selectThreadMessages, type ThreadMessageRow } from './thread-query';

export interface ThreadWithPartner {
  partner: Partner;
  /** Oldest first. */
  messages: ThreadMessageRow[];
}

/**
 * GET /api/conversations/{userId}/{partnerId}: the actor's conversation with
 * one person, the latest THREAD_MESSAGE_LIMIT messages oldest first. Two
 * queries. A partner who does not exist, or whom the actor may not message,
 * is 404: a stranger's id reveals neither a name nor that the account exists.
 */
export async function getThread(db: Database, actor: Actor, partnerId: string): Promise<ThreadWithPartner> {
  const partner = await findPartner(db, actor.id, partnerId);
  if (!partner) throw AppError.notFound('No such conversation');
  authorize(actor, 'message:readThread', partner, { hideAs404: true });
  const rows = await selectThreadMessages(db, actor.id, partnerId);
  return { partner, messages: rows.reverse() };
}
