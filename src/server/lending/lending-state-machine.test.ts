import { describe, expect, it } from 'vitest';
import { LENDING_REQUEST_STATUSES } from '../../contract/enums';
import { LENDING_ACTIONS } from '../../contract/schemas/lending';
import { can } from '../policies';
import { decideLendingStep, LENDING_ACTION_ACTOR, lendingRoleOf } from './lending-state-machine';

/**
 * The pure table; lending-steps.test.ts drives the same table through the
 * HTTP routes. Only the allowed cells are listed: everything else must be refused.
 */
const ALLOWED = new Map<string, { next: string; itemStatus: string | null }>([
  ['create|null', { next: 'pending', itemStatus: null }],
  ['create|declined', { next: 'pending', itemStatus: null }],
  ['create|returned', { next: 'pending', itemStatus: null }],
  ['create|withdrawn', { next: 'pending', itemStatus: null }],
  ['withdraw|pending', { next: 'withdrawn', itemStatus: null }],
  ['accept|pending', { next: 'accepted', itemStatus: null }],
  ['decline|pending', { next: 'declined', itemStatus: null }],
  ['markBorrowed|accepted', { next: 'borrowed', itemStatus: 'borrowed' }],
  ['markReturned|borrowed', { next: 'returned', itemStatus: 'available' }],
]);

const STATUSES = [null, ...LENDING_REQUEST_STATUSES] as const;

describe('decideLendingStep', () => {
  it.each(LENDING_ACTIONS.flatMap((action) => STATUSES.map((status) => ({ action, status }))))(
    '$action from $status',
    ({ action, status }) => {
      const rightful = LENDING_ACTION_ACTOR[action];
      const other = rightful === 'owner' ? 'requester' : 'owner';
      const allowed = ALLOWED.get(`${action}|${status}`);
      const forRightful = decideLendingStep(action, status, rightful);
      if (allowed) {
        expect(forRightful).toEqual({ allowed: true, ...allowed });
      } else if (status === null) {
        expect(forRightful).toEqual({ allowed: false, refusal: 'not_found' });
      } else {
        const refusal =
          action === 'create'
            ? 'request_already_active'
            : action === 'withdraw'
              ? 'request_withdraw_not_allowed'
              : 'request_transition_not_allowed';
        expect(forRightful).toEqual({ allowed: false, refusal });
      }
      expect(decideLendingStep(action, status, 'stranger')).toEqual({ allowed: false, refusal: 'not_found' });
      const forOther = decideLendingStep(action, status, other);
      if (action === 'create') expect(forOther).toEqual({ allowed: false, refusal: 'own_item_request' });
      else expect(forOther).toEqual({ allowed: false, refusal: status === null ? 'not_found' : 'permission_denied' });
    },
  );

  it('gives each step to the party the spec names (§6: borrower requests and withdraws, owner decides)', () => {
    expect(LENDING_ACTION_ACTOR).toEqual({
      create: 'requester',
      withdraw: 'requester',
      accept: 'owner',
      decline: 'owner',
      markBorrowed: 'owner',
      markReturned: 'owner',
    });
  });
});

describe('lending policy rules', () => {
  const request = { requesterId: 'bob', ownerId: 'alice' };
  const alice = { id: 'alice' };
  const bob = { id: 'bob' };
  const dave = { id: 'dave' };

  it('lets only the two parties read a request', () => {
    expect([alice, bob, dave].map((actor) => can(actor, 'lendingRequest:read', request))).toEqual([true, true, false]);
    expect(can(null, 'lendingRequest:read', request)).toBe(false);
    expect(lendingRoleOf('dave', request)).toBe('stranger');
  });

  it('gives each step to its party only', () => {
    for (const action of LENDING_ACTIONS) {
      const answers = [alice, bob, dave].map((actor) => can(actor, 'lendingRequest:act', { ...request, action }));
      expect(answers).toEqual(LENDING_ACTION_ACTOR[action] === 'owner' ? [true, false, false] : [false, true, false]);
    }
  });
});
