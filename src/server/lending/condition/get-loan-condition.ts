import { asc, eq, sql } from 'drizzle-orm';
import type { LoanCondition } from '@/contract/schemas/loan-condition';
import type { Database } from '../../db/client';
import { itemPhotos, loanReports, loanReturnAssessments, loanThanks } from '../../db/schema';
import type { Actor } from '../../policies';
import { allowedConditionActions } from './condition-rules';
import { presentLoanCondition } from './condition-presenter';
import { loadLoanForCondition } from './load-loan-facts';

/**
 * GET /api/lending-requests/{id}/condition (issue 36): the loan's condition
 * entries, the owner's word on the return with the borrower's answer, its
 * problems, and what the reader may do now. The loan's two people only
 * (404 for anyone else). Four statements whatever the number of records:
 * the loan, its reports with their photos, its assessment, its thanks.
 */
export async function getLoanCondition(
  db: Database,
  actor: Actor,
  loanId: string,
  timeZone: string,
): Promise<LoanCondition> {
  const loan = await loadLoanForCondition(db, actor, loanId, timeZone, { lock: false });
  const [reports, [assessment], thanks] = await Promise.all([
    db
      .select({
        id: loanReports.id,
        authorId: loanReports.authorId,
        kind: loanReports.kind,
        problem: loanReports.problem,
        note: loanReports.note,
        createdAt: loanReports.createdAt,
        updatedAt: loanReports.updatedAt,
        settledAt: loanReports.settledAt,
        // Qualified by hand: in a one-table select drizzle writes "id", which the subquery would read as p.id.
        photoIds: sql<string[]>`COALESCE((
          SELECT array_agg(p.id::text ORDER BY p.position) FROM ${itemPhotos} p WHERE p.report_id = ${loanReports}.id
        ), '{}')`,
      })
      .from(loanReports)
      .where(eq(loanReports.lendingRequestId, loan.id))
      .orderBy(asc(loanReports.createdAt), asc(loanReports.id)),
    db.select().from(loanReturnAssessments).where(eq(loanReturnAssessments.lendingRequestId, loan.id)),
    db
      .select({ fromUserId: loanThanks.fromUserId, note: loanThanks.note, createdAt: loanThanks.createdAt })
      .from(loanThanks)
      .where(eq(loanThanks.lendingRequestId, loan.id)),
  ]);
  return presentLoanCondition({
    loan,
    reports,
    assessment: assessment ?? null,
    thanks,
    readerId: actor.id,
    allowed: allowedConditionActions(loan.facts),
  });
}
