import { describe, expect, it } from 'vitest';
import { LENDING_REQUEST_STATUSES } from '@/contract/enums';
import { LENDING_ACTIONS } from '@/contract/schemas/lending';
import { decideLendingStep } from './lending-state-machine';

/**
 * The pure table; lending-steps.test.ts drives the same table through the
 * HTTP routes. Only the allowed cells are listed: everything else must be refused.
 * Who may take a step is the policy's decision (policies/lending-policy.test.ts).
 */
const ALLOWED = new Map<string, { next: string; itemStatus: string | null }>([
  ['create|null', { next: 'pending', itemStatus: null }],
  ['create|declined', { next: 'pending', itemStatus: null }],
  ['create|returned', { next: 'pending', itemStatus: null }],
  ['create|withdrawn', { next: 'pending', itemStatus: null }],
  // A recorded loan its borrower disputed (issue 19) is over: they may ask for the item in the app.
  ['create|disputed', { next: 'pending', itemStatus: null }],
  // A reservation released for not being picked up in time (issue 35): they may ask again.
  ['create|released', { next: 'pending', itemStatus: null }],
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
      const allowed = ALLOWED.get(`${action}|${status}`);
      const outcome = decideLendingStep(action, status);
      if (allowed) {
        expect(outcome).toEqual({ allowed: true, ...allowed });
      } else if (status === null) {
        expect(outcome).toEqual({ allowed: false, refusal: 'not_found' });
      } else {
        const refusal =
          action === 'create'
            ? 'request_already_active'
            : action === 'withdraw'
              ? 'request_withdraw_not_allowed'
              : 'request_transition_not_allowed';
        expect(outcome).toEqual({ allowed: false, refusal });
      }
    },
  );
});
