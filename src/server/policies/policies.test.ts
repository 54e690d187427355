import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { authorize, can, type Action } from './index';

const ada = { id: 'ada' };
const grace = { id: 'grace' };

describe('policies', () => {
  it.each(['user:read', 'user:update', 'user:readLoginHistory', 'user:actAs'] satisfies Action[])(
    '%s: only the user themselves',
    (action) => {
      expect(can(ada, action, { id: 'ada' })).toBe(true);
      expect(can(grace, action, { id: 'ada' })).toBe(false);
      expect(can(null, action, { id: 'ada' })).toBe(false);
    },
  );

  it.each(['contact:read', 'contact:update', 'contact:invite', 'contact:delete'] satisfies Action[])(
    '%s: only the owner of the address book',
    (action) => {
      expect(can(ada, action, { userId: 'ada' })).toBe(true);
      expect(can(grace, action, { userId: 'ada' })).toBe(false);
      expect(can(null, action, { userId: 'ada' })).toBe(false);
    },
  );

  it('denies an action that has no rule', () => {
    // A rule table typo or an action from a newer client must never allow.
    expect(can(ada, 'user:delete' as Action, { id: 'ada' })).toBe(false);
  });

  it('answers 401 without an actor, 403 for a stranger, or 404 when existence must not leak', () => {
    const attempt = (fn: () => void) => {
      try {
        fn();
      } catch (error) {
        return error instanceof AppError ? error.statusCode : 0;
      }
      return 200;
    };
    expect(attempt(() => authorize(null, 'user:read', { id: 'ada' }))).toBe(401);
    expect(attempt(() => authorize(grace, 'user:read', { id: 'ada' }))).toBe(403);
    expect(attempt(() => authorize(grace, 'user:read', { id: 'ada' }, { hideAs404: true }))).toBe(404);
    expect(attempt(() => authorize(ada, 'user:read', { id: 'ada' }))).toBe(200);
  });
});
