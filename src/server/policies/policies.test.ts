import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { authorize, can, ensureActingAs, type Action } from './index';

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

  it('ensureActingAs: a user id sent along must be the actor (403), and none says nothing', () => {
    expect(() => ensureActingAs(ada, 'ada')).not.toThrow();
    expect(() => ensureActingAs(ada, undefined)).not.toThrow();
    expect(() => ensureActingAs(ada, 'grace')).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it.each(['contact:read', 'contact:update', 'contact:invite', 'contact:delete'] satisfies Action[])(
    '%s: only the owner of the address book',
    (action) => {
      expect(can(ada, action, { userId: 'ada' })).toBe(true);
      expect(can(grace, action, { userId: 'ada' })).toBe(false);
      expect(can(null, action, { userId: 'ada' })).toBe(false);
    },
  );

  it('groups: admin-only actions, member-only member list, private groups hidden from outsiders', () => {
    const admin = { isPrivate: true, isMember: true, isAdmin: true };
    const member = { isPrivate: true, isMember: true, isAdmin: false };
    const outsider = { isPrivate: true, isMember: false, isAdmin: false };
    const publicOutsider = { ...outsider, isPrivate: false };
    for (const action of ['group:update', 'group:delete', 'group:decideJoinRequest', 'group:transferAdmin'] as const) {
      expect([can(ada, action, admin), can(ada, action, member), can(ada, action, outsider)]).toEqual([
        true,
        false,
        false,
      ]);
    }
    expect([can(ada, 'group:read', outsider), can(ada, 'group:read', publicOutsider)]).toEqual([false, true]);
    expect([can(ada, 'group:readMembers', member), can(ada, 'group:readMembers', publicOutsider)]).toEqual([
      true,
      false,
    ]);
    expect([can(ada, 'group:leave', member), can(ada, 'group:leave', admin)]).toEqual([true, false]);
    expect(can(ada, 'group:requestToJoin', { ...outsider, codeMatches: false, blockWithAdmin: false })).toBe(false);
    expect(can(ada, 'group:requestToJoin', { ...outsider, codeMatches: true, blockWithAdmin: false })).toBe(true);
    expect(can(ada, 'group:requestToJoin', { ...publicOutsider, codeMatches: false, blockWithAdmin: false })).toBe(
      true,
    );
    // A block between the asker and the admin, either way, closes the door (ADR 0018).
    expect(can(ada, 'group:requestToJoin', { ...publicOutsider, codeMatches: false, blockWithAdmin: true })).toBe(
      false,
    );
    expect(can(ada, 'group:requestToJoin', { ...outsider, codeMatches: true, blockWithAdmin: true })).toBe(false);
  });

  it('items: the owner does everything; a viewer only reads; nobody else even reads', () => {
    const owned = { ownerId: 'ada', visibleToActor: false };
    const sharedWithGrace = { ownerId: 'ada', visibleToActor: true };
    for (const action of ['item:update', 'item:delete', 'item:share'] as const) {
      expect([can(ada, action, owned), can(grace, action, sharedWithGrace), can(grace, action, owned)]).toEqual([
        true,
        false,
        false,
      ]);
    }
    expect([
      can(ada, 'item:read', owned),
      can(grace, 'item:read', sharedWithGrace),
      can(grace, 'item:read', owned),
    ]).toEqual([true, true, false]);
    expect(can(null, 'item:read', sharedWithGrace)).toBe(false);
  });

  it("photos: an unsaved upload only for its uploader; a saved one for whoever reads the item, or the loan's two people", () => {
    expect([
      can(ada, 'photo:read', { uploaderId: 'ada', item: null, loan: null }),
      can(grace, 'photo:read', { uploaderId: 'ada', item: null, loan: null }),
    ]).toEqual([true, false]);
    const item = { ownerId: 'ada', visibleToActor: true };
    expect(can(grace, 'photo:read', { uploaderId: 'ada', item, loan: null })).toBe(true);
    expect(can(grace, 'photo:read', { uploaderId: 'ada', item: { ...item, visibleToActor: false }, loan: null })).toBe(
      false,
    );
    // A condition photo (issue 36): the owner and the borrower; not a third person, not even its uploader's friend.
    const loan = { ownerId: 'ada', requesterId: 'grace' };
    const linus = { id: 'linus' };
    expect(
      [ada, grace, linus].map((actor) => can(actor, 'photo:read', { uploaderId: 'grace', item: null, loan })),
    ).toEqual([true, true, false]);
  });

  it('loan condition (issue 36): both people record and report; the owner assesses and settles; the borrower answers', () => {
    const loan = { ownerId: 'ada', requesterId: 'grace' };
    const linus = { id: 'linus' };
    const who = (action: Parameters<typeof can>[1]) =>
      [ada, grace, linus].map((actor) => can(actor, action as 'loanCondition:record', loan));
    expect(who('loanCondition:record')).toEqual([true, true, false]);
    expect(who('loanProblem:report')).toEqual([true, true, false]);
    expect(who('loanCondition:assess')).toEqual([true, false, false]);
    expect(who('loanProblem:settle')).toEqual([true, false, false]);
    expect(who('loanCondition:answer')).toEqual([false, true, false]);
    expect(can(null, 'loanCondition:record', loan)).toBe(false);
    // A loan recorded for someone without an account: its owner alone.
    expect(can(ada, 'loanCondition:answer', { ownerId: 'ada', requesterId: null })).toBe(false);
  });

  it('calendar feeds: the person manages their own link; a feed opens only with its current link', () => {
    expect([
      can(ada, 'calendarFeed:manage', { userId: 'ada' }),
      can(grace, 'calendarFeed:manage', { userId: 'ada' }),
      can(null, 'calendarFeed:manage', { userId: 'ada' }),
    ]).toEqual([true, false, false]);
    expect([
      can(ada, 'calendarFeed:read', { userId: 'ada', linkIsCurrent: true }),
      can(ada, 'calendarFeed:read', { userId: 'ada', linkIsCurrent: false }),
      can(grace, 'calendarFeed:read', { userId: 'ada', linkIsCurrent: true }),
      can(null, 'calendarFeed:read', { userId: 'ada', linkIsCurrent: true }),
    ]).toEqual([true, false, false, false]);
  });

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
