import type { LendingAction } from '../../contract/schemas/lending';
import { LENDING_ACTION_ACTOR, lendingRoleOf } from '../lending/lending-state-machine';
import type { Actor } from './actor';

/** What a rule needs to know about a lending request: its two parties. */
export interface LendingRequestAccess {
  requesterId: string;
  ownerId: string;
}

/**
 * Spec §6 "Item owner" and "Borrower". Only the two parties of a request know
 * it exists (callers answer 404 to anyone else); each step belongs to one of
 * them, as the state machine's actor column says (lending/lending-state-machine.ts),
 * so the rule and the table cannot disagree. Whether the request's status
 * allows the step is the state machine's business (409), not authorization.
 * Asking to borrow needs `item:read` (item-policy.ts): the item is shared
 * with the requester; the state machine refuses its owner.
 */
export const lendingRules = {
  'lendingRequest:read': (actor: Actor, request: LendingRequestAccess) =>
    lendingRoleOf(actor.id, request) !== 'stranger',
  'lendingRequest:act': (actor: Actor, subject: LendingRequestAccess & { action: LendingAction }) =>
    lendingRoleOf(actor.id, subject) === LENDING_ACTION_ACTOR[subject.action],
};
