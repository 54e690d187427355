import { LENDING_ACTION_ACTOR, type LendingAction, type LendingParty } from '../../contract/schemas/lending';
import type { Actor } from './actor';

/** What a rule needs to know about a lending request: its two parties (no requester: a loan recorded for someone without an account). */
export interface LendingRequestAccess {
  requesterId: string | null;
  ownerId: string;
}

/** The actor's relation to one request. */
export type LendingRole = LendingParty | 'stranger';

export function lendingRoleOf(actorId: string, parties: LendingRequestAccess): LendingRole {
  if (actorId === parties.ownerId) return 'owner';
  if (actorId === parties.requesterId) return 'requester';
  return 'stranger';
}

/**
 * Spec §6 "Item owner" and "Borrower". Only the two parties of a request know
 * it exists (callers answer 404 to anyone else); each step belongs to one of
 * them, as the contract's LENDING_ACTION_ACTOR says. This is the one place
 * that decides who may take a step; whether the request's status allows it
 * is the state machine's business (lending/requests/lending-state-machine.ts, 409),
 * not authorization. Asking to borrow needs `item:read` (item-policy.ts): the
 * item is shared with the requester; for `create` the subject is the request
 * the actor would make, so the item's owner is refused here.
 */
export const lendingRules = {
  'lendingRequest:read': (actor: Actor, request: LendingRequestAccess) =>
    lendingRoleOf(actor.id, request) !== 'stranger',
  'lendingRequest:act': (actor: Actor, subject: LendingRequestAccess & { action: LendingAction }) =>
    lendingRoleOf(actor.id, subject) === LENDING_ACTION_ACTOR[subject.action],
  /** Keeping a reservation past its pick-up grace (issue 35): the owner, who promised it. */
  'lendingRequest:keepReservation': (actor: Actor, request: LendingRequestAccess) =>
    lendingRoleOf(actor.id, request) === 'owner',
};
