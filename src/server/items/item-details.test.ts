import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup } from '../../../tests/support/item-factories';
import { lendingRequests } from '../db/schema';

/**
 * GET /api/items/{id} reads the item, decides who may see it and loads the
 * reader's view in one statement (items/item-access.ts `authorizeItemView`).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Alice shares her drill with a group Bob is in, and Bob has an accepted request for it; Dave is a stranger. */
async function world() {
  const alice = await createUser(t.db, { name: 'Alice' });
  const bob = await createUser(t.db, { name: 'Bob' });
  const dave = await createUser(t.db, { name: 'Dave' });
  const group = await createGroup(t.db, alice, { name: 'Street' });
  await addMember(t.db, group, bob);
  const item = await createItem(t.db, alice, { name: 'Drill' });
  await shareWithGroup(t.db, item, group);
  await t.db.insert(lendingRequests).values({
    itemId: item.id,
    requesterId: bob.id,
    ownerId: alice.id,
    message: 'May I?',
    status: 'accepted',
  });
  return { alice, bob, dave, group, item };
}

/** Statements one GET runs, after a first call (a session's first call also records activity). */
async function statementsFor(user: { id: string }, url: string): Promise<number> {
  const cookie = await t.cookieFor(user.id);
  const call = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect((await call()).statusCode).toBe(200);
  const before = t.database.queryCount();
  expect((await call()).statusCode).toBe(200);
  return t.database.queryCount() - before;
}

describe('GET /api/items/{id}', () => {
  it('gives the owner the owner’s view and the group member the shared view', async () => {
    const { alice, bob, group, item } = await world();
    const url = `/api/items/${item.id}`;

    const asOwner = (await t.request(alice, { method: 'GET', url })).json();
    expect(asOwner).toMatchObject({
      id: item.id,
      sharedWithCount: 1,
      requestCounts: { pending: 0, accepted: 1, other: 0 },
    });
    expect(asOwner).not.toHaveProperty('sharedViaGroups');
    expect(asOwner).not.toHaveProperty('promised');

    const asMember = (await t.request(bob, { method: 'GET', url })).json();
    expect(asMember).toMatchObject({
      id: item.id,
      sharedViaGroups: [{ id: group.id, name: 'Street' }],
      promised: true,
    });
    expect(asMember).not.toHaveProperty('sharedWithCount');
    expect(asMember).not.toHaveProperty('requestCounts');
  });

  it('answers 401 signed out and 404 to a stranger and for an unknown id', async () => {
    const { dave, item } = await world();
    expect((await t.request(null, { method: 'GET', url: `/api/items/${item.id}` })).statusCode).toBe(401);
    expect((await t.request(dave, { method: 'GET', url: `/api/items/${item.id}` })).statusCode).toBe(404);
    const unknown = await t.request(dave, { method: 'GET', url: `/api/items/${crypto.randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('runs one statement, as many as the one-count unread badge, for the owner and for a viewer', async () => {
    const { alice, bob, item } = await world();
    const baseline = await statementsFor(bob, '/api/messages/unread-count');
    expect(await statementsFor(alice, `/api/items/${item.id}`)).toBe(baseline);
    expect(await statementsFor(bob, `/api/items/${item.id}`)).toBe(baseline);
  });
});
