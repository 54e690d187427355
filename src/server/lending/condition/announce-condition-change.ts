import type { Database } from '../../db/client';
import { announceAfterCommit, type AnnounceLog } from '../../events/announce-after-commit';
import type { LiveEventBus } from '../../events/live-event-bus';
import { announceMessages } from '../../message-writer/announce-messages';
import type { PostedMessage } from '../../message-writer/write-messages';
import { announceLendingChange } from '../requests/announce-lending-change';
import type { LoanForCondition } from './load-loan-facts';

/**
 * After a condition record commits: the message it sent, and "request
 * changed" for both people so an open card or loan refreshes its flag, as
 * after every lending step. A loan whose item is gone has no card: only its
 * message is announced.
 */
export async function announceConditionChange(
  db: Database,
  bus: LiveEventBus,
  loan: LoanForCondition,
  posted: PostedMessage[],
  log: AnnounceLog,
): Promise<void> {
  const { itemId } = loan;
  if (itemId === null) {
    if (posted.length > 0) {
      await announceAfterCommit(log, () => announceMessages(db, bus, posted, []), { requestId: loan.id });
    }
    return;
  }
  const change = { requestId: loan.id, itemId, requesterId: loan.requesterId, ownerId: loan.ownerId, posted };
  await announceLendingChange(db, bus, change, log);
}
