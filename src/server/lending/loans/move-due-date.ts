import { eq, sql } from 'drizzle-orm';
import type { LendingRequestStatus } from '@/contract/enums';
import type { DbOrTx } from '../../db/client';
import { lendingRequests } from '../../db/schema';
import { syncLoanReminder } from '../reminders/sync-loan-reminder';

/**
 * An extension granted (issue 18): the loan's due date moves and its reminder
 * with it, inside the caller's transaction. Shared by the owner's answer in
 * the app (answer-extension.ts) and through a private loan link
 * (loan-links/owner-link.ts); each checks first that the new days are free
 * (reservations/hold-conflict.ts ensureExtensionFits).
 */
export async function moveDueDate(
  tx: DbOrTx,
  loan: { id: string; status: LendingRequestStatus },
  until: string,
): Promise<void> {
  await tx
    .update(lendingRequests)
    .set({ expectedReturnDate: until, updatedAt: sql`now()` })
    .where(eq(lendingRequests.id, loan.id));
  await syncLoanReminder(tx, {
    id: loan.id,
    previousStatus: loan.status,
    status: loan.status,
    expectedReturnDate: until,
  });
}
