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
  /** Thanks after a return: either of the two people, the other one. */
  'loanThanks:send': (actor: Actor, loan: LendingRequestAccess) => lendingRoleOf(actor.id, loan) !== 'stranger',
  /**
   * What a person was thanked for: the person themselves, and the people they have as a registered contact
   * (their choice, as sharing an item is), never anyone else; the read answers 404 then.
   */
  'thanks:readOf': (actor: Actor, person: { id: string; hasReaderAsContact: boolean }) =>
    actor.id === person.id || person.hasReaderAsContact,
  /**
   * A private loan link for a borrower without an account (docs/decisions/0049): only the owner makes, turns off
   * or answers through it. The link itself is the holder's capability: its use cases find the loan by the
   * token's hash, and an unknown, turned-off or ended link opens nothing (404).
   */
  'loanLink:manage': (actor: Actor, loan: LendingRequestAccess) => lendingRoleOf(actor.id, loan) === 'owner',
  /** Hiding a thanks: only the person it was given to. */
  'thanks:hide': (actor: Actor, thanks: { toUserId: string }) => actor.id === thanks.toUserId,
};
