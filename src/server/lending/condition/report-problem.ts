import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoanProblemKind } from '@/contract/enums';
import type { Database } from '../../db/client';
import { setPhotosOf } from '../../db/photo-places';
import { loanReports } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { writeMessages } from '../../message-writer/write-messages';
import { authorize, type Actor } from '../../policies';
import type { ConditionChange } from './assess-return';
import { conditionMessage } from './condition-messages';
import { allowedConditionActions } from './condition-rules';
import { loadLoanForCondition, reportClosed } from './load-loan-facts';

/**
 * POST /api/lending-requests/{id}/problems (issue 36): "something's wrong".
 * The borrower while the item is out, the owner within 14 days of its
 * return (condition-rules.ts). The other person is told at once (a system
 * message and its notification, live after commit); the loan carries the
 * flag until the owner settles it.
 */
export async function reportProblem(
  db: Database,
  actor: Actor,
  loanId: string,
  input: { kind: LoanProblemKind; note: string | null; photoIds: string[] },
  timeZone: string,
): Promise<ConditionChange & { problemId: string }> {
  return db.transaction(async (tx) => {
    const loan = await loadLoanForCondition(tx, actor, loanId, timeZone, { lock: true });
    authorize(actor, 'loanProblem:report', loan);
    if (!allowedConditionActions(loan.facts).reportProblem) {
      throw reportClosed('A problem with this loan can no longer be reported');
    }
    const [report] = await tx
      .insert(loanReports)
      .values({ lendingRequestId: loan.id, authorId: actor.id, kind: 'problem', problem: input.kind, note: input.note })
      .returning({ id: loanReports.id });
    if (!report) throw new Error('The problem report was not returned');
    if (!(await setPhotosOf(tx, actor.id, { reportId: report.id }, input.photoIds))) {
      throw new AppError('photo_not_available', 'A photo is not available to this report');
    }
    const posted = await writeMessages(tx, conditionMessage(loan, actor.id, 'loan_problem_reported'));
    return { loan, posted, problemId: report.id };
  });
}

/**
 * POST /api/lending-requests/{id}/problems/{problemId}/settle (issue 36):
 * the owner marks a problem settled; the borrower is told. A problem of
 * another loan is 404; one settled already is 409.
 */
export async function settleProblem(
  db: Database,
  actor: Actor,
  loanId: string,
  problemId: string,
  timeZone: string,
): Promise<ConditionChange> {
  return db.transaction(async (tx) => {
    const loan = await loadLoanForCondition(tx, actor, loanId, timeZone, { lock: true });
    authorize(actor, 'loanProblem:settle', loan);
    const ofThisLoan = and(
      eq(loanReports.id, problemId),
      eq(loanReports.lendingRequestId, loan.id),
      eq(loanReports.kind, 'problem'),
    );
    const settled = await tx
      .update(loanReports)
      .set({ settledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(ofThisLoan, isNull(loanReports.settledAt)))
      .returning({ id: loanReports.id });
    if (settled.length === 0) {
      const [exists] = await tx.select({ id: loanReports.id }).from(loanReports).where(ofThisLoan);
      throw exists ? reportClosed('This problem is settled already') : AppError.notFound('Problem not found');
    }
    const posted = await writeMessages(tx, conditionMessage(loan, actor.id, 'loan_problem_settled'));
    return { loan, posted };
  });
}
