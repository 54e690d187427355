import type { LendingRequestStatus } from '@/contract/enums';
import type { LoanConditionAction } from '@/contract/schemas/loan-condition';
import type { LendingRole } from '../../policies';

/** What the rules need to know about a loan, read by load-loan-facts.ts. */
export interface LoanConditionFacts {
  role: Exclude<LendingRole, 'stranger'>;
  status: LendingRequestStatus;
  /** Returned no more than LIMITS.afterReturnDays days ago (the app's time zone), decided in SQL. */
  recentlyReturned: boolean;
  assessed: boolean;
  answered: boolean;
  openProblems: number;
  /** The reader thanked the other person for this loan already (issue 36). */
  thanked: boolean;
  /** The other person has an account that is not deleted: someone to thank. */
  partnerActive: boolean;
}

/**
 * When each record of a loan's condition may be written (issue 36,
 * docs/decisions/0048). Who may is the policy's (loan-condition-policy.ts);
 * this says when, and is the one source of both the writes' 409 and the
 * `allowed` flags the screen reads, so the two never disagree.
 *
 * - hand-out condition: while the item is out (a loan recorded as ongoing is
 *   out from its start);
 * - return condition and the owner's word on it: within 14 days of the
 *   return; the owner may change their word until the borrower answers;
 * - the borrower's answer: once, after the owner's word;
 * - "something's wrong": the borrower while the item is out, the owner
 *   within 14 days of its return;
 * - settling: the owner, while a problem is open;
 * - thanks: either person once the item is back, once, if the other person
 *   still has an account.
 */
export function allowedConditionActions(facts: LoanConditionFacts): Record<LoanConditionAction, boolean> {
  const out = facts.status === 'borrowed';
  const back = facts.status === 'returned' && facts.recentlyReturned;
  const owner = facts.role === 'owner';
  return {
    handover: out,
    return: back,
    assess: owner && back && !facts.answered,
    answer: !owner && facts.assessed && !facts.answered,
    reportProblem: owner ? back : out,
    settle: owner && facts.openProblems > 0,
    thank: facts.status === 'returned' && facts.partnerActive && !facts.thanked,
  };
}
