import { sql } from 'drizzle-orm';
import type { ConditionStage } from '@/contract/enums';
import type { Database } from '../../db/client';
import { setPhotosOf } from '../../db/photo-places';
import { loanReports } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';
import { allowedConditionActions } from './condition-rules';
import { loadLoanForCondition, reportClosed } from './load-loan-facts';

/**
 * PUT /api/lending-requests/{id}/condition/{stage} (issue 36): the actor's
 * own note and photos of the item's condition at hand-out or at return,
 * replacing what they wrote for that stage before. Either of the loan's two
 * people, each their own entry; the stage must be open
 * (condition-rules.ts: 409 loan_report_closed). Tells nobody: it is a
 * record both see on the loan, not news.
 */
export async function saveConditionEntry(
  db: Database,
  actor: Actor,
  loanId: string,
  stage: ConditionStage,
  input: { note: string | null; photoIds: string[] },
  timeZone: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const loan = await loadLoanForCondition(tx, actor, loanId, timeZone, { lock: true });
    authorize(actor, 'loanCondition:record', loan);
    if (!allowedConditionActions(loan.facts)[stage]) {
      throw reportClosed(`The ${stage} condition of this loan can no longer be recorded`);
    }
    const [entry] = await tx
      .insert(loanReports)
      .values({ lendingRequestId: loan.id, authorId: actor.id, kind: stage, note: input.note })
      .onConflictDoUpdate({
        target: [loanReports.lendingRequestId, loanReports.kind, loanReports.authorId],
        targetWhere: sql`${loanReports.kind} <> 'problem'`,
        set: { note: input.note, updatedAt: sql`now()` },
      })
      .returning({ id: loanReports.id });
    if (!entry) throw new Error('The condition entry was not returned');
    if (!(await setPhotosOf(tx, actor.id, { reportId: entry.id }, input.photoIds))) {
      throw new AppError('photo_not_available', 'A photo is not available to this entry');
    }
  });
}
