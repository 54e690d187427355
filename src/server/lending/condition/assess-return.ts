import { eq, isNull, and, sql } from 'drizzle-orm';
import type { ReturnOutcome } from '@/contract/enums';
import type { Database } from '../../db/client';
import { loanReturnAssessments } from '../../db/schema';
import { writeMessages, type PostedMessage } from '../../message-writer/write-messages';
import { authorize, type Actor } from '../../policies';
import { conditionMessage } from './condition-messages';
import { allowedConditionActions } from './condition-rules';
import { loadLoanForCondition, reportClosed, type LoanForCondition } from './load-loan-facts';

export interface ConditionChange {
  loan: LoanForCondition;
  posted: PostedMessage[];
}

/**
 * PUT /api/lending-requests/{id}/return-assessment (issue 36): the owner
 * says how the item came back (fine, some wear, damaged, incomplete) with an
 * optional note, within 14 days of the return, and may change it until the
 * borrower answers (condition-rules.ts). The borrower is told each time.
 */
export async function assessReturn(
  db: Database,
  actor: Actor,
  loanId: string,
  input: { outcome: ReturnOutcome; note: string | null },
  timeZone: string,
): Promise<ConditionChange> {
  return db.transaction(async (tx) => {
    const loan = await loadLoanForCondition(tx, actor, loanId, timeZone, { lock: true });
    authorize(actor, 'loanCondition:assess', loan);
    if (!allowedConditionActions(loan.facts).assess) {
      throw reportClosed('How this loan came back can no longer be recorded');
    }
    await tx
      .insert(loanReturnAssessments)
      .values({ lendingRequestId: loan.id, outcome: input.outcome, note: input.note })
      .onConflictDoUpdate({
        target: loanReturnAssessments.lendingRequestId,
        set: { outcome: input.outcome, note: input.note, assessedAt: sql`now()` },
      });
    const posted = await writeMessages(tx, conditionMessage(loan, actor.id, 'loan_return_assessed'));
    return { loan, posted };
  });
}

/**
 * PUT /api/lending-requests/{id}/return-assessment/answer (issue 36): the
 * borrower's one answer to the owner's word on the return. A second answer
 * is refused (409), and so is one that lost a race to the first: the update
 * only writes where no answer is.
 */
export async function answerAssessment(
  db: Database,
  actor: Actor,
  loanId: string,
  answer: string,
  timeZone: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const loan = await loadLoanForCondition(tx, actor, loanId, timeZone, { lock: true });
    authorize(actor, 'loanCondition:answer', loan);
    if (!allowedConditionActions(loan.facts).answer) throw reportClosed('This return can no longer be answered');
    const written = await tx
      .update(loanReturnAssessments)
      .set({ answer, answeredAt: sql`now()` })
      .where(and(eq(loanReturnAssessments.lendingRequestId, loan.id), isNull(loanReturnAssessments.answeredAt)))
      .returning({ id: loanReturnAssessments.lendingRequestId });
    if (written.length === 0) throw reportClosed('This return was answered already');
  });
}
