import type { Database } from '../../db/client';
import { loanThanks } from '../../db/schema';
import { writeMessages } from '../../message-writer/write-messages';
import { authorize, type Actor } from '../../policies';
import type { ConditionChange } from '../condition/assess-return';
import { conditionMessage } from '../condition/condition-messages';
import { allowedConditionActions } from '../condition/condition-rules';
import { loadLoanForCondition, reportClosed } from '../condition/load-loan-facts';

/**
 * POST /api/lending-requests/{id}/thanks (issue 36, docs/decisions/0048):
 * after the return, either person thanks the other once, with an optional
 * short note; the other is told. The second thanks, one before the return,
 * or one to a deleted account is refused (409); the unique index
 * loan_thanks_once settles two at the same moment (the loan's lock queues
 * them, and the second then sees the first).
 */
export async function sendThanks(
  db: Database,
  actor: Actor,
  loanId: string,
  note: string | null,
  timeZone: string,
): Promise<ConditionChange> {
  return db.transaction(async (tx) => {
    const loan = await loadLoanForCondition(tx, actor, loanId, timeZone, { lock: true });
    authorize(actor, 'loanThanks:send', loan);
    if (!allowedConditionActions(loan.facts).thank) throw reportClosed('This loan cannot be thanked for now');
    const toUserId = actor.id === loan.ownerId ? loan.requesterId : loan.ownerId;
    // partnerActive says the other person has an account: a requester is there.
    if (toUserId === null) throw reportClosed('Nobody to thank');
    await tx.insert(loanThanks).values({
      lendingRequestId: loan.id,
      fromUserId: actor.id,
      toUserId,
      thankedFor: toUserId === loan.ownerId ? 'lending' : 'borrowing',
      note,
    });
    const posted = await writeMessages(tx, conditionMessage(loan, actor.id, 'loan_thanked'));
    return { loan, posted };
  });
}
