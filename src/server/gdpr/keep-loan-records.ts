import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { itemPhotos, lendingRequests, loanReports } from '../db/schema';

/**
 * A loan's condition records and their photos follow the loan's history
 * rules (issue 36, docs/decisions/0048): on a loan the other person keeps
 * (it has just passed to the stand-in), what the deleted person wrote and
 * photographed stays with it under the stand-in, so the other side's record
 * of the hand-out and return stays whole. Everything else of theirs goes
 * with the users row (author and uploader cascade), with the loans that go.
 * Call after the loans moved to the stand-in and before the users row goes.
 */
export async function keepLoanRecords(tx: DbOrTx, userId: string, standInId: string): Promise<void> {
  const keptLoans = tx
    .select({ id: lendingRequests.id })
    .from(lendingRequests)
    .where(or(eq(lendingRequests.ownerId, standInId), eq(lendingRequests.requesterId, standInId)));
  const moved = await tx
    .update(loanReports)
    .set({ authorId: standInId })
    .where(and(eq(loanReports.authorId, userId), inArray(loanReports.lendingRequestId, keptLoans)))
    .returning({ id: loanReports.id });
  if (moved.length === 0) return;
  await tx
    .update(itemPhotos)
    .set({ uploaderId: standInId })
    .where(
      and(
        eq(itemPhotos.uploaderId, userId),
        inArray(
          itemPhotos.reportId,
          moved.map((report) => report.id),
        ),
      ),
    );
}
