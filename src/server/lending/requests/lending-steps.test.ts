import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest } from '../../../../tests/support/factories';
import { LENDING_REQUEST_STATUSES, type LendingRequestStatus } from '@/contract/enums';
import { LENDING_ACTIONS, type LendingAction } from '@/contract/schemas/lending';
import { items, lendingRequests, notifications } from '../../db/schema';
import { takeLendingStep } from './take-lending-step';
import { addViewer, borrowPayload, itemStatus, lendingParties, requestStatus } from '../../../../tests/support/lending';

/**
 * The state machine as a table, driven through the HTTP routes: every status
 * of an existing request × every action × every actor. The expectations are
 * written out by hand here, not derived from lending-state-machine.ts, so a
 * wrong entry in either place fails.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = 'requester' | 'owner' | 'stranger';

/**
 * What the rightful actor gets (the requester for create and withdraw, the
 * owner for the rest): a request status is the step's result; an error code
 * is a refusal. For create the row's status is the requester's existing
 * request for the item, and success is a new pending request beside it.
 */
const RIGHTFUL: Record<LendingRequestStatus, Record<LendingAction, string>> = {
  pending: {
    create: 'request_already_active',
    withdraw: 'withdrawn',
    accept: 'accepted',
    decline: 'declined',
    markBorrowed: 'request_transition_not_allowed',
    markReturned: 'request_transition_not_allowed',
  },
  accepted: {
    create: 'request_already_active',
    withdraw: 'request_withdraw_not_allowed',
    accept: 'request_transition_not_allowed',
    decline: 'request_transition_not_allowed',
    markBorrowed: 'borrowed',
    markReturned: 'request_transition_not_allowed',
  },
  declined: {
    create: 'pending',
    withdraw: 'request_withdraw_not_allowed',
    accept: 'request_transition_not_allowed',
    decline: 'request_transition_not_allowed',
    markBorrowed: 'request_transition_not_allowed',
    markReturned: 'request_transition_not_allowed',
  },
  borrowed: {
    create: 'request_already_active',
    withdraw: 'request_withdraw_not_allowed',
    accept: 'request_transition_not_allowed',
    decline: 'request_transition_not_allowed',
    markBorrowed: 'request_transition_not_allowed',
    markReturned: 'returned',
  },
  returned: {
    create: 'pending',
    withdraw: 'request_withdraw_not_allowed',
    accept: 'request_transition_not_allowed',
    decline: 'request_transition_not_allowed',
    markBorrowed: 'request_transition_not_allowed',
    markReturned: 'request_transition_not_allowed',
  },
  disputed: {
    create: 'pending',
    withdraw: 'request_withdraw_not_allowed',
    accept: 'request_transition_not_allowed',
    decline: 'request_transition_not_allowed',
    markBorrowed: 'request_transition_not_allowed',
    markReturned: 'request_transition_not_allowed',
  },
  withdrawn: {
    create: 'pending',
    withdraw: 'request_withdraw_not_allowed',
    accept: 'request_transition_not_allowed',
    decline: 'request_transition_not_allowed',
    markBorrowed: 'request_transition_not_allowed',
    markReturned: 'request_transition_not_allowed',
  },
  // A reservation not picked up in time (issue 35): the requester may ask again.
  released: {
    create: 'pending',
    withdraw: 'request_withdraw_not_allowed',
    accept: 'request_transition_not_allowed',
    decline: 'request_transition_not_allowed',
    markBorrowed: 'request_transition_not_allowed',
    markReturned: 'request_transition_not_allowed',
  },
};

const RIGHTFUL_ROLE: Record<LendingAction, Role> = {
  create: 'requester',
  withdraw: 'requester',
  accept: 'owner',
  decline: 'owner',
  markBorrowed: 'owner',
  markReturned: 'owner',
};

/** The other party, whatever the status: the owner cannot ask for their own item; nobody takes the other's step. */
const WRONG_PARTY: Record<LendingAction, string> = {
  create: 'own_item_request',
  withdraw: 'permission_denied',
  accept: 'permission_denied',
  decline: 'permission_denied',
  markBorrowed: 'permission_denied',
  markReturned: 'permission_denied',
};

const HTTP_STATUS: Record<string, number> = {
  not_found: 404,
  permission_denied: 403,
  own_item_request: 400,
  request_already_active: 409,
  request_transition_not_allowed: 409,
  request_withdraw_not_allowed: 409,
};

/** The item's status after an allowed step (the others leave it as it was). */
const ITEM_AFTER: Partial<Record<LendingAction, string>> = { markBorrowed: 'borrowed', markReturned: 'available' };

function call(action: LendingAction, requestId: string, itemId: string): InjectOptions {
  const url = `/api/lending-requests/${requestId}`;
  switch (action) {
    case 'create':
      return { method: 'POST', url: '/api/lending-requests', payload: borrowPayload(itemId) };
    case 'withdraw':
      return { method: 'DELETE', url };
    case 'accept':
      return { method: 'PUT', url, payload: { status: 'accepted' } };
    case 'decline':
      return { method: 'PUT', url, payload: { status: 'declined' } };
    case 'markBorrowed':
      return { method: 'PUT', url, payload: { status: 'borrowed' } };
    case 'markReturned':
      return { method: 'PUT', url, payload: { status: 'returned' } };
  }
}

const expected = (status: LendingRequestStatus, action: LendingAction, role: Role) =>
  role === 'stranger' ? 'not_found' : role === RIGHTFUL_ROLE[action] ? RIGHTFUL[status][action] : WRONG_PARTY[action];

const cells = LENDING_REQUEST_STATUSES.flatMap((status) =>
  LENDING_ACTIONS.flatMap((action) =>
    (['requester', 'owner', 'stranger'] as const).map((role) => ({
      status,
      action,
      role,
      outcome: expected(status, action, role),
    })),
  ),
);

describe('lending state machine over HTTP', () => {
  it('covers every status × action × actor', () => {
    expect(cells).toHaveLength(8 * 6 * 3);
  });

  it.each(cells)('$status × $action by $role → $outcome', async ({ status, action, role, outcome }) => {
    const { owner, requester, stranger, item } = await lendingParties(t);
    const itemBefore = status === 'borrowed' ? 'borrowed' : 'available';
    await t.db.update(items).set({ status: itemBefore }).where(eq(items.id, item.id));
    const request = await createLendingRequest(t.db, item, requester, { status });
    const actor = { requester, owner, stranger }[role];

    const response = await t.request(actor, call(action, request.id, item.id));

    if (outcome in HTTP_STATUS) {
      expect(response.statusCode).toBe(HTTP_STATUS[outcome]);
      expect(response.json().error.code).toBe(outcome);
      expect(await requestStatus(t, request.id)).toBe(status);
      expect(await itemStatus(t, item.id)).toBe(itemBefore);
      return;
    }
    expect(response.statusCode).toBe(action === 'create' ? 201 : 200);
    expect(response.json().status).toBe(outcome);
    if (action === 'create') {
      // A new request next to the closed one, which stays as it was.
      expect(response.json().id).not.toBe(request.id);
      expect(await requestStatus(t, request.id)).toBe(status);
    } else {
      expect(response.json().id).toBe(request.id);
      expect(await requestStatus(t, request.id)).toBe(outcome);
    }
    expect(await itemStatus(t, item.id)).toBe(ITEM_AFTER[action] ?? itemBefore);
  });
});

describe('who learns that a request exists', () => {
  it('answers 404 to someone who can see the item but is not party to the request', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const viewer = await addViewer(t, owner, item);
    const request = await createLendingRequest(t.db, item, requester);
    for (const action of LENDING_ACTIONS.filter((a) => a !== 'create')) {
      const response = await t.request(viewer, call(action, request.id, item.id));
      expect(response.statusCode).toBe(404);
    }
    const unknown = await t.request(owner, call('accept', '00000000-0000-4000-8000-000000000000', item.id));
    expect(unknown.statusCode).toBe(404);
    expect(await requestStatus(t, request.id)).toBe('pending');
  });

  it('refuses anonymous callers on every step (401)', async () => {
    const { requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    for (const action of LENDING_ACTIONS) {
      expect((await t.request(null, call(action, request.id, item.id))).statusCode).toBe(401);
    }
    expect((await t.request(null, { method: 'PUT', url: `/api/items/${item.id}/return` })).statusCode).toBe(401);
  });
});

describe('a whole loan, step by step', () => {
  it('ask → accept → hand over → return → ask again, with the item following', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const created = await t.request(requester, call('create', '', item.id));
    expect(created.statusCode).toBe(201);
    const id: string = created.json().id;
    expect((await t.request(owner, call('accept', id, item.id))).json().status).toBe('accepted');
    expect(await itemStatus(t, item.id)).toBe('available');
    expect((await t.request(owner, call('markBorrowed', id, item.id))).json().status).toBe('borrowed');
    expect(await itemStatus(t, item.id)).toBe('borrowed');
    const back = await t.request(owner, { method: 'PUT', url: `/api/items/${item.id}/return` });
    expect(back.statusCode).toBe(204);
    expect(await requestStatus(t, id)).toBe('returned');
    expect(await itemStatus(t, item.id)).toBe('available');
    expect((await t.request(requester, call('create', '', item.id))).statusCode).toBe(201);
    const rows = await t.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, item.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'returned']);
  });
});

describe('statements per step', () => {
  // BEGIN; the request's item id; the item and the request locked; the request's update; the step's
  // message with the other person's notification in one statement (message-writer/write-messages.ts); COMMIT.
  it('declining runs seven, its notification included', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    const before = t.database.queryCount();
    const change = await takeLendingStep(t.db, owner, request.id, 'decline', 'Europe/Zurich');
    expect(t.database.queryCount() - before).toBe(7);
    const notified = await t.db
      .select({ kind: notifications.kind, userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.messageId, change.posted[0]!.id));
    expect(notified).toEqual([{ kind: 'request_answered', userId: requester.id }]);
  });
});
