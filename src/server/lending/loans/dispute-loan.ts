import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { refusalError } from '../requests/lending-errors';
import { writeMessages } from '../../message-writer/write-messages';
import { authorize, type Actor } from '../../policies';
import type { RecordedLoanChange } from './record-loan';
import { loanDisputedMessage } from './recorded-loan-messages';
import { syncLoanReminder } from '../reminders/sync-loan-reminder';
import { notifyWaitlist } from '../reservations/waitlist/notify-waitlist';

const notFound = () => AppError.notFound('Lending request not found');

/** Statuses of a recorded loan that happened as far as the app knows: out now, or back. */
const DISPUTABLE = new Set(['borrowed', 'returned']);

/**
 * POST /api/lending-requests/{id}/dispute (issue 19, docs/decisions/0028):
 * the borrower named on a loan the owner recorded says it is not right. It
 * ends the loan as `disputed` (no request step: a new request after it is
 * allowed), gives the item back to the owner's shelf if this loan had it
 * out, removes its reminder and any extension it was asking for, and tells
 * the owner. Locks the item, then the loan, the order of every lending write.
 */
export async function disputeLoan(db: Database, actor: Actor, loanId: string): Promise<RecordedLoanChange> {
  return db.transaction(async (tx) => {
    // The item id never changes but for becoming NULL when the item goes, so reading it unlocked to lock the
    // item first is safe.
    const [ref] = await tx
      .select({ itemId: lendingRequests.itemId })
      .from(lendingRequests)
      .where(eq(lendingRequests.id, loanId));
    if (!ref) throw notFound();
    const [item] = ref.itemId
      ? await tx
          .select({ id: items.id, name: items.name, status: items.status })
          .from(items)
          .where(eq(items.id, ref.itemId))
          .for('update')
      : [];
    const [loan] = await tx.select().from(lendingRequests).where(eq(lendingRequests.id, loanId)).for('update');
    if (!loan) throw notFound();
    authorize(actor, 'lendingRequest:read', loan, { hideAs404: true });
    // A loan the borrower asked for in the app is theirs by their own word: it has no such step.
    if (loan.origin !== 'recorded') throw refusalError('request_transition_not_allowed');
    authorize(actor, 'loan:dispute', loan);
    // Already ended as not right, or (after the item was deleted) history that no longer names a loan to end.
    if (!item || loan.itemId === null || !DISPUTABLE.has(loan.status)) {
      throw refusalError('request_transition_not_allowed');
    }
    const borrowerId = actor.id;

    await tx
      .update(lendingRequests)
      .set({ status: 'disputed', updatedAt: sql`now()` })
      .where(eq(lendingRequests.id, loan.id));
    const itemStatusChanged = loan.status === 'borrowed' && item.status === 'borrowed';
    if (itemStatusChanged) {
      await tx
        .update(items)
        .set({ status: 'available', updatedAt: sql`now()` })
        .where(eq(items.id, item.id));
      await notifyWaitlist(tx, item.id);
    }
    await syncLoanReminder(tx, {
      id: loan.id,
      previousStatus: loan.status,
      status: 'disputed',
      expectedReturnDate: loan.expectedReturnDate,
    });
    const posted = await writeMessages(tx, [
      loanDisputedMessage({ loanId: loan.id, ownerId: loan.ownerId, borrowerId, itemName: item.name }),
    ]);
    return {
      requestId: loan.id,
      itemId: item.id,
      requesterId: borrowerId,
      ownerId: loan.ownerId,
      posted,
      itemStatusChanged,
    };
  });
}
