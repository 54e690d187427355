import { describe, expect, it } from 'vitest';
import { LENDING_ACTION_ACTOR, LENDING_ACTIONS } from '../../contract/schemas/lending';
import { can } from './index';
import { lendingRoleOf } from './lending-policy';

/**
 * Who may take a lending step; what the step does to the request's status is
 * the state machine's table (lending/requests/lending-state-machine.test.ts).
 * lending/requests/lending-steps.test.ts checks the answers through the HTTP routes.
 */
describe('lending policy rules', () => {
  const request = { requesterId: 'bob', ownerId: 'alice' };
  const alice = { id: 'alice' };
  const bob = { id: 'bob' };
  const dave = { id: 'dave' };

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

  it('lets only the two parties read a request', () => {
    expect([alice, bob, dave].map((actor) => can(actor, 'lendingRequest:read', request))).toEqual([true, true, false]);
    expect(can(null, 'lendingRequest:read', request)).toBe(false);
    expect(lendingRoleOf('dave', request)).toBe('stranger');
  });

  it('gives each step to its party only', () => {
    for (const action of LENDING_ACTIONS) {
      const answers = [alice, bob, dave].map((actor) => can(actor, 'lendingRequest:act', { ...request, action }));
      expect(answers).toEqual(LENDING_ACTION_ACTOR[action] === 'owner' ? [true, false, false] : [false, true, false]);
      expect(can(null, 'lendingRequest:act', { ...request, action })).toBe(false);
    }
  });

  it('refuses the owner the request they would make for their own item', () => {
    const ownItem = { requesterId: 'alice', ownerId: 'alice', action: 'create' } as const;
    expect(can(alice, 'lendingRequest:act', ownItem)).toBe(false);
    expect(can(bob, 'lendingRequest:act', { requesterId: 'bob', ownerId: 'alice', action: 'create' })).toBe(true);
  });
});
