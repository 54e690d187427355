import { and, eq, sql } from 'drizzle-orm';
import type { LendingRequestStatus } from '@/contract/enums';
import type { DbOrTx } from '../../db/client';
import { loanExtensionRequests } from '../../db/schema';
import { enqueueJob, removeJob } from '../../jobs/enqueue-job';

/** Statuses in which a lending request is a loan with a due date: promised (accepted) or handed over. */
export const LOAN_STATUSES = ['accepted', 'borrowed'] as const satisfies readonly LendingRequestStatus[];

export function isLoanStatus(status: LendingRequestStatus): status is (typeof LOAN_STATUSES)[number] {
  return (LOAN_STATUSES as readonly LendingRequestStatus[]).includes(status);
}

/** One pending reminder job per loan: queuing under the same key replaces it (a new due date moves it). */
export function loanReminderJobKey(lendingRequestId: string): string {
  return `loan-reminder:${lendingRequestId}`;
}

export interface LoanState {
  id: string;
  /** The status before the change; null for a new request. */
  previousStatus: LendingRequestStatus | null;
  status: LendingRequestStatus;
  /** The due date (the accepted period's end); null for a request without one. */
  expectedReturnDate: string | null;
}

/**
 * Keeps a loan's reminder job in step with the loan, inside the transaction
 * that changed it (docs/decisions/0026). A loan with a due date gets its job
 * queued to run at once: the job knows the reminder time zone, decides what
 * is due and queues itself again for the exact time of the next reminder
 * (the day before the due date at the morning hour). A request that is no
 * longer a loan (returned, declined, withdrawn) loses its job, and an
 * extension it was still asking for is withdrawn.
 */
export async function syncLoanReminder(tx: DbOrTx, loan: LoanState): Promise<void> {
  const key = loanReminderJobKey(loan.id);
  if (isLoanStatus(loan.status) && loan.expectedReturnDate) {
    await enqueueJob(tx, 'loan-reminder', { lendingRequestId: loan.id }, { jobKey: key, runAt: new Date() });
    return;
  }
  // A request that was never a loan has no job and no extension (a pending one declined or withdrawn).
  if (!loan.previousStatus || !isLoanStatus(loan.previousStatus)) return;
  await removeJob(tx, key);
  await tx
    .update(loanExtensionRequests)
    .set({ status: 'withdrawn', respondedAt: sql`now()` })
    .where(and(eq(loanExtensionRequests.lendingRequestId, loan.id), eq(loanExtensionRequests.status, 'pending')));
}
