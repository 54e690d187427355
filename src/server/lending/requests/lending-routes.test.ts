import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest, createUser } from '../../../../tests/support/factories';
import { createItem } from '../../../../tests/support/item-factories';
import { lendingRequestListSchema } from '@/contract/schemas/lending';
import { items, messages, users } from '../../db/schema';
import { addViewer, itemStatus, lendingParties, requestStatus } from '../../../../tests/support/lending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keysOf = (body: { error: { issues?: { path: string; messageKey: string }[] } }) =>
  Object.fromEntries((body.error.issues ?? []).map((issue) => [issue.path, issue.messageKey]));

describe('GET /api/lending-requests/sent and /received', () => {
  it('lists the requester’s own requests and the owner’s incoming ones, newest first, with item and names', async () => {
    const { owner, requester, stranger, item } = await lendingParties(t);
    const older = await createLendingRequest(t.db, item, requester, {
      status: 'declined',
      requestedAt: new Date('2030-01-01T00:00:00Z'),
    });
    const newer = await createLendingRequest(t.db, item, requester, { requestedAt: new Date('2030-01-02T00:00:00Z') });
    const carol = await addViewer(t, owner, item);
    const carols = await createLendingRequest(t.db, item, carol);

    const sent = await t.request(requester, { method: 'GET', url: '/api/lending-requests/sent' });
    expect(sent.statusCode).toBe(200);
    expect(() => lendingRequestListSchema.parse(sent.json())).not.toThrow();
    expect(sent.json().map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(sent.json()[0]).toMatchObject({
      itemId: item.id,
      requesterId: requester.id,
      ownerId: owner.id,
      status: 'pending',
      requestedAt: '2030-01-02T00:00:00.000Z',
      item: { name: 'Drill', category: 'tools', description: 'Cordless, two batteries', imageUrl: null },
      requester: { name: 'Bob' },
      owner: { name: 'Alice' },
    });

    const received = await t.request(owner, { method: 'GET', url: '/api/lending-requests/received' });
    expect(
      received
        .json()
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([older.id, newer.id, carols.id].sort());
    expect((await t.request(owner, { method: 'GET', url: '/api/lending-requests/sent' })).json()).toEqual([]);
    expect((await t.request(requester, { method: 'GET', url: '/api/lending-requests/received' })).json()).toEqual([]);
    for (const url of ['/api/lending-requests/sent', '/api/lending-requests/received']) {
      expect((await t.request(stranger, { method: 'GET', url })).json()).toEqual([]);
    }
  });

  it('refuses anonymous callers (401) and a userId that is not the caller (403)', async () => {
    const { requester, stranger } = await lendingParties(t);
    for (const url of ['/api/lending-requests/sent', '/api/lending-requests/received']) {
      expect((await t.request(null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await t.request(requester, { method: 'GET', url: `${url}?userId=${stranger.id}` })).statusCode).toBe(403);
      expect((await t.request(requester, { method: 'GET', url: `${url}?userId=${requester.id}` })).statusCode).toBe(
        200,
      );
    }
  });

  it('runs the same number of queries for 2 requests as for 30', async () => {
    const owner = await createUser(t.db);
    const requester = await createUser(t.db);
    const cookies = { owner: await t.cookieFor(owner.id), requester: await t.cookieFor(requester.id) };
    const queriesFor = async (url: string, cookie: string) => {
      const list = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
      // The first call of a session also records activity; measure steady-state calls.
      await list();
      const before = t.database.queryCount();
      const response = await list();
      expect(response.statusCode).toBe(200);
      return { queries: t.database.queryCount() - before, rows: response.json().length as number };
    };
    const addRequests = async (n: number) => {
      for (let i = 0; i < n; i++) await createLendingRequest(t.db, await createItem(t.db, owner), requester);
    };
    await addRequests(2);
    const few = {
      sent: await queriesFor('/api/lending-requests/sent', cookies.requester),
      received: await queriesFor('/api/lending-requests/received', cookies.owner),
    };
    await addRequests(28);
    const many = {
      sent: await queriesFor('/api/lending-requests/sent', cookies.requester),
      received: await queriesFor('/api/lending-requests/received', cookies.owner),
    };
    expect([few.sent.rows, many.sent.rows, few.received.rows, many.received.rows]).toEqual([2, 30, 2, 30]);
    expect(many.sent.queries).toBe(few.sent.queries);
    expect(many.received.queries).toBe(few.received.queries);
    expect(few.sent.queries).toBeGreaterThan(0);
  });
});

describe('PUT /api/lending-requests/{id}', () => {
  it.each([
    [{ status: 'withdrawn' }, 'status', 'validation.requestStatusInvalid'],
    [{ status: 'pending' }, 'status', 'validation.requestStatusInvalid'],
    [{}, 'status', 'validation.requestStatusInvalid'],
    [{ status: 'accepted', ownerResponse: 'x'.repeat(501) }, 'ownerResponse', 'validation.messageTooLong'],
  ])('refuses %j: %s → %s (400) and changes nothing', async (payload, path, messageKey) => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    const response = await t.request(owner, { method: 'PUT', url: `/api/lending-requests/${request.id}`, payload });
    expect(response.statusCode).toBe(400);
    expect(keysOf(response.json())[path]).toBe(messageKey);
    expect(await requestStatus(t, request.id)).toBe('pending');
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const owner = await createUser(t.db);
    const response = await t.request(owner, {
      method: 'PUT',
      url: '/api/lending-requests/42',
      payload: { status: 'accepted' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('stores an empty response as none', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    const response = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${request.id}`,
      payload: { status: 'accepted', ownerResponse: '   ' },
    });
    expect(response.json()).toMatchObject({ status: 'accepted', ownerResponse: null });
    const fromOwner = await t.db.select().from(messages).where(eq(messages.senderId, owner.id));
    expect(fromOwner.map((m) => m.messageType)).toEqual(['system']);
  });
});

describe('DELETE /api/lending-requests/{id} (withdraw)', () => {
  it('refuses a userId that is not the caller (403) and keeps the request', async () => {
    const { requester, stranger, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    const response = await t.request(requester, {
      method: 'DELETE',
      url: `/api/lending-requests/${request.id}?userId=${stranger.id}`,
    });
    expect(response.statusCode).toBe(403);
    expect(await requestStatus(t, request.id)).toBe('pending');
  });
});

describe('PUT /api/items/{id}/return', () => {
  async function lentDrill() {
    const parties = await lendingParties(t);
    await t.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, parties.item.id));
    const request = await createLendingRequest(t.db, parties.item, parties.requester, { status: 'borrowed' });
    return { ...parties, request };
  }
  const returnIt = (actor: { id: string } | null, itemId: string) =>
    t.request(actor, { method: 'PUT', url: `/api/items/${itemId}/return` });

  it('lets the owner take the item back: request returned, item available, the borrower told', async () => {
    const { owner, requester, item, request } = await lentDrill();
    expect((await returnIt(owner, item.id)).statusCode).toBe(204);
    expect(await requestStatus(t, request.id)).toBe('returned');
    expect(await itemStatus(t, item.id)).toBe('available');
    const [told] = await t.db.select().from(messages).where(eq(messages.lendingRequestId, request.id));
    expect(told).toMatchObject({ senderId: owner.id, receiverId: requester.id, systemEvent: 'item_returned' });
  });

  it('refuses anonymous callers (401), a stranger (404) and the borrower (403)', async () => {
    const { requester, stranger, item, request } = await lentDrill();
    expect((await returnIt(null, item.id)).statusCode).toBe(401);
    expect((await returnIt(stranger, item.id)).statusCode).toBe(404);
    const byBorrower = await returnIt(requester, item.id);
    expect([byBorrower.statusCode, byBorrower.json().error.code]).toEqual([403, 'permission_denied']);
    expect(await requestStatus(t, request.id)).toBe('borrowed');
    expect(await itemStatus(t, item.id)).toBe('borrowed');
  });

  it('answers 409 when nothing is lent out, and 404 for an unknown item', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await createLendingRequest(t.db, item, requester, { status: 'accepted' });
    const nothingLent = await returnIt(owner, item.id);
    expect([nothingLent.statusCode, nothingLent.json().error.code]).toEqual([409, 'request_transition_not_allowed']);
    expect((await returnIt(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('frees an item whose borrower deleted their account (no request left to return)', async () => {
    const { owner, requester, item, request } = await lentDrill();
    await t.db.delete(users).where(eq(users.id, requester.id));
    expect(await requestStatus(t, request.id)).toBeUndefined();
    expect((await returnIt(owner, item.id)).statusCode).toBe(204);
    expect(await itemStatus(t, item.id)).toBe('available');
  });
});
