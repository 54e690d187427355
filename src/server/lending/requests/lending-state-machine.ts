import type { ItemStatus, LendingRequestStatus } from '@/contract/enums';
import type { ErrorCode } from '@/contract/errors';
import type { LendingAction, OwnerRequestAction } from '@/contract/schemas/lending';

/**
 * THE lending state machine (docs/decisions/0010): the only place where the
 * steps of a lending request and what they do to the request's and the
 * item's status are written. Pure, so it can be read and tested as one
 * table; the use cases and the item status follow it. Who may take a step
 * (the actor column, from the contract's LENDING_ACTION_ACTOR) is the
 * policy's decision (policies/lending-policy.ts), checked before this table.
 *
 * | action       | actor     | from                                  | to        | item afterwards |
 * | ------------ | --------- | ------------------------------------- | --------- | --------------- |
 * | create       | requester | none, declined, returned, withdrawn,  | pending   | unchanged       |
 * |              |           | disputed, released                    |           |                 |
 * | withdraw     | requester | pending                               | withdrawn | unchanged       |
 * | accept       | owner     | pending                               | accepted  | unchanged       |
 * | decline      | owner     | pending                               | declined  | unchanged       |
 * | markBorrowed | owner     | accepted                              | borrowed  | borrowed        |
 * | markReturned | owner     | borrowed                              | returned  | available       |
 *
 * A loan the owner recorded after the fact (issue 19) starts as borrowed
 * or returned; its borrower's "that's not right" (lending/loans/dispute-loan.ts)
 * ends a borrowed one as `disputed`, outside this table because it is no
 * step of a request. Likewise an accepted reservation not handed over within
 * its pick-up grace ends as `released` by the reminder job
 * (lending/reservations/release-reservation.ts, issue 35): nobody's step.
 *
 * For `create` the "from" column is the requester's latest request for the
 * item: a new row is created next to a closed one ("after a decline they may
 * ask again"), while an open one blocks it.
 *
 * Accepting leaves the item `available`: the owner still has it in hand
 * until they mark it borrowed. An accepted or borrowed request holds its
 * days (docs/decisions/0047): other requests for overlapping days cannot be
 * accepted (409 with the days), new ones for them are refused, later days
 * stay free to ask for. PostgreSQL's exclusion constraint
 * `item_holds_never_overlap` is the last word on a race.
 */

export type LendingRefusal = Extract<
  ErrorCode,
  'not_found' | 'request_already_active' | 'request_transition_not_allowed' | 'request_withdraw_not_allowed'
>;

interface Step {
  /** Statuses the step starts from; `null` is "no request yet" (create only). */
  from: readonly (LendingRequestStatus | null)[];
  to: LendingRequestStatus;
  /** What the item's status becomes; null leaves it as it is. */
  itemStatus: ItemStatus | null;
  /** The answer when the request is in any other status. */
  wrongStatus: LendingRefusal;
}

const STEPS: Record<LendingAction, Step> = {
  create: {
    from: [null, 'declined', 'returned', 'withdrawn', 'disputed', 'released'],
    to: 'pending',
    itemStatus: null,
    wrongStatus: 'request_already_active',
  },
  // Spec §4: only a pending request can be withdrawn ("Cannot withdraw this request.").
  withdraw: { from: ['pending'], to: 'withdrawn', itemStatus: null, wrongStatus: 'request_withdraw_not_allowed' },
  accept: { from: ['pending'], to: 'accepted', itemStatus: null, wrongStatus: 'request_transition_not_allowed' },
  decline: { from: ['pending'], to: 'declined', itemStatus: null, wrongStatus: 'request_transition_not_allowed' },
  markBorrowed: {
    from: ['accepted'],
    to: 'borrowed',
    itemStatus: 'borrowed',
    wrongStatus: 'request_transition_not_allowed',
  },
  markReturned: {
    from: ['borrowed'],
    to: 'returned',
    itemStatus: 'available',
    wrongStatus: 'request_transition_not_allowed',
  },
};

export type LendingOutcome =
  | { allowed: true; next: LendingRequestStatus; itemStatus: ItemStatus | null }
  | { allowed: false; refusal: LendingRefusal };

/**
 * Decides what one step does to a request in `status` (null: no request
 * yet). The caller has already authorized the actor for the step (a
 * stranger 404, the other party 403, the owner asking for their own item
 * own_item_request), so only the status matters here: 409 when the step does
 * not follow from it.
 */
export function decideLendingStep(action: LendingAction, status: LendingRequestStatus | null): LendingOutcome {
  const step = STEPS[action];
  if (status === null && action !== 'create') return { allowed: false, refusal: 'not_found' };
  if (!step.from.includes(status)) return { allowed: false, refusal: step.wrongStatus };
  return { allowed: true, next: step.to, itemStatus: step.itemStatus };
}

/** The owner's step named by PUT /api/lending-requests/{id} `status`. */
export const OWNER_ACTION_FOR_STATUS = {
  accepted: 'accept',
  declined: 'decline',
  borrowed: 'markBorrowed',
  returned: 'markReturned',
} as const satisfies Record<OwnerRequestAction, LendingAction>;
