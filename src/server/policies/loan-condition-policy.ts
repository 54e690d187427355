import type { Actor } from './actor';
import { lendingRoleOf, type LendingRequestAccess } from './lending-policy';

/**
 * A loan's condition and problems (issue 36, docs/decisions/0048): only its
 * two people ever see or write them (callers check `lendingRequest:read`
 * with `hideAs404` first, so anyone else gets 404). Each person records the
 * condition they saw; the owner says how it came back and settles problems;
 * the borrower answers the owner's word. Whether the loan's state and the
 * day allow it is lending/condition/condition-rules.ts (409), not authorization.
 */
export const loanConditionRules = {
  'loanCondition:record': (actor: Actor, loan: LendingRequestAccess) => lendingRoleOf(actor.id, loan) !== 'stranger',
  'loanCondition:assess': (actor: Actor, loan: LendingRequestAccess) => lendingRoleOf(actor.id, loan) === 'owner',
  'loanCondition:answer': (actor: Actor, loan: LendingRequestAccess) => lendingRoleOf(actor.id, loan) === 'requester',
  'loanProblem:report': (actor: Actor, loan: LendingRequestAccess) => lendingRoleOf(actor.id, loan) !== 'stranger',
  'loanProblem:settle': (actor: Actor, loan: LendingRequestAccess) => lendingRoleOf(actor.id, loan) === 'owner',
};
