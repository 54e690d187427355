import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { itemContactPermissions, itemGroupPermissions, items, lendingRequests } from '../db/schema';
import { earliestReservationDate } from '../dates/calendar-dates';
import type { LendingRequestStatus } from '../../contract/enums';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keysOf = (body: { error: { issues?: { path: string; messageKey: string }[] } }) =>
  Object.fromEntries((body.error.issues ?? []).map((issue) => [issue.path, issue.messageKey]));

/** Alice owns an item she shared with Bob (a registered contact); Dave is a stranger. */
async function aliceBobDave() {
  const alice = await createUser(t.db, { name: 'Alice' });
  const bob = await createUser(t.db, { name: 'Bob' });
  const dave = await createUser(t.db, { name: 'Dave' });
  await createContact(t.db, alice, { contactUserId: bob.id });
  const item = await createItem(t.db, alice, { name: 'Ladder', category: 'outdoor' });
  await shareWithUser(t.db, item, bob);
  return { alice, bob, dave, item };
}

describe('POST /api/items', () => {
  it('creates the owner’s item and answers with the owner’s view', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const response = await t.request(alice, {
      method: 'POST',
      url: '/api/items',
      payload: {
        userId: alice.id,
        name: '  Drill ',
        description: '',
        category: 'tools',
        status: 'in_use',
        imageUrl: 'https://example.com/drill.jpg',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      userId: alice.id,
      name: 'Drill',
      description: null,
      category: 'tools',
      status: 'in_use',
      imageUrl: 'https://example.com/drill.jpg',
      photos: [],
      personalUseUntil: null,
      owner: { name: 'Alice' },
      sharedWithCount: 0,
      requestCounts: { pending: 0, accepted: 0, other: 0 },
    });
  });

  it.each([
    [{ category: 'tools' }, 'name', 'validation.itemNameRequired'],
    [{ name: '   ', category: 'tools' }, 'name', 'validation.itemNameRequired'],
    [{ name: 'x'.repeat(101), category: 'tools' }, 'name', 'validation.itemNameTooLong'],
    [{ name: 'Drill' }, 'category', 'validation.categoryRequired'],
    [{ name: 'Drill', category: 'weapons' }, 'category', 'validation.categoryRequired'],
    [
      { name: 'Drill', category: 'tools', description: 'x'.repeat(501) },
      'description',
      'validation.descriptionTooLong',
    ],
    [{ name: 'Drill', category: 'tools', imageUrl: 'not a url' }, 'imageUrl', 'validation.urlInvalid'],
    [{ name: 'Drill', category: 'tools', imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'validation.urlInvalid'],
    [{ name: 'Drill', category: 'tools', status: 'borrowed' }, 'status', 'validation.itemStatusInvalid'],
    [{ name: 'Drill', category: 'tools', personalUseUntil: '2020-01-01' }, 'personalUseUntil', 'validation.dateInPast'],
    [
      { name: 'Drill', category: 'tools', personalUseUntil: '2030-02-30' },
      'personalUseUntil',
      'validation.dateInvalid',
    ],
    [{ name: 'Drill', category: 'tools', photoIds: ['nope'] }, 'photoIds.0', 'validation.photoInvalid'],
  ])('refuses %j: %s → %s', async (payload, path, messageKey) => {
    const alice = await createUser(t.db);
    const response = await t.request(alice, { method: 'POST', url: '/api/items', payload });
    expect(response.statusCode).toBe(400);
    expect(keysOf(response.json())[path]).toBe(messageKey);
    expect(await t.db.select().from(items).where(eq(items.ownerId, alice.id))).toEqual([]);
  });

  it('accepts a reservation from the server’s yesterday on (time zones ahead of UTC)', async () => {
    const alice = await createUser(t.db);
    const earliest = earliestReservationDate();
    const response = await t.request(alice, {
      method: 'POST',
      url: '/api/items',
      payload: { name: 'Tent', category: 'outdoor', personalUseUntil: earliest },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().personalUseUntil).toBe(earliest);
  });

  it('refuses anonymous callers (401) and a userId that is not the caller (403)', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const payload = { name: 'Drill', category: 'tools' };
    expect((await t.request(null, { method: 'POST', url: '/api/items', payload })).statusCode).toBe(401);
    const asBob = await t.request(alice, {
      method: 'POST',
      url: '/api/items',
      payload: { ...payload, userId: bob.id },
    });
    expect(asBob.statusCode).toBe(403);
    expect(await t.db.select().from(items).where(eq(items.ownerId, bob.id))).toEqual([]);
  });
});

describe('PUT /api/items/{id}', () => {
  it('lets the owner edit; a viewer gets 403, a stranger 404, anonymous 401, and nothing changes', async () => {
    const { alice, bob, dave, item } = await aliceBobDave();
    const payload = { name: 'Long ladder', category: 'outdoor', status: 'in_use', personalUseUntil: '2099-01-01' };
    const url = `/api/items/${item.id}`;
    expect((await t.request(null, { method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await t.request(dave, { method: 'PUT', url, payload })).statusCode).toBe(404);
    expect((await t.request(bob, { method: 'PUT', url, payload })).statusCode).toBe(403);
    const [unchanged] = await t.db.select().from(items).where(eq(items.id, item.id));
    expect(unchanged!.name).toBe('Ladder');

    const response = await t.request(alice, { method: 'PUT', url, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Long ladder', status: 'in_use', personalUseUntil: '2099-01-01' });
    expect(response.json().sharedWithCount).toBe(1);
  });

  it('keeps a lent-out item borrowed whatever status the form sends', async () => {
    const alice = await createUser(t.db);
    const item = await createItem(t.db, alice, { status: 'borrowed' });
    const response = await t.request(alice, {
      method: 'PUT',
      url: `/api/items/${item.id}`,
      payload: { name: 'Renamed', category: 'tools', status: 'available' },
    });
    expect(response.json()).toMatchObject({ name: 'Renamed', status: 'borrowed' });
  });

  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    const alice = await createUser(t.db);
    const payload = { name: 'X', category: 'tools' };
    const unknown = await t.request(alice, { method: 'PUT', url: `/api/items/${crypto.randomUUID()}`, payload });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request(alice, { method: 'PUT', url: '/api/items/42', payload })).statusCode).toBe(400);
  });
});

describe('DELETE /api/items/{id}', () => {
  it('removes the item with its shares and requests; only the owner may', async () => {
    const { alice, bob, dave, item } = await aliceBobDave();
    const group = await createGroup(t.db, alice);
    await addMember(t.db, group, dave);
    await shareWithGroup(t.db, item, group);
    await t.db
      .insert(lendingRequests)
      .values({ itemId: item.id, requesterId: bob.id, ownerId: alice.id, message: 'Please?' });
    const url = `/api/items/${item.id}`;

    expect((await t.request(null, { method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.request(bob, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await t.request(dave, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await t.request(alice, { method: 'DELETE', url })).statusCode).toBe(204);

    expect(await t.db.select().from(items).where(eq(items.id, item.id))).toEqual([]);
    expect(await t.db.select().from(itemContactPermissions).where(eq(itemContactPermissions.itemId, item.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(itemGroupPermissions).where(eq(itemGroupPermissions.itemId, item.id))).toEqual([]);
    expect(await t.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, item.id))).toEqual([]);
    expect((await t.request(alice, { method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('is refused while the item is lent out', async () => {
    const alice = await createUser(t.db);
    const item = await createItem(t.db, alice, { status: 'borrowed' });
    const response = await t.request(alice, { method: 'DELETE', url: `/api/items/${item.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'item_lent_out', messageKey: 'errors.item_lent_out' });
    expect(await t.db.select().from(items).where(eq(items.id, item.id))).toHaveLength(1);
  });
});

describe('GET /api/items/my', () => {
  it('lists only the caller’s items, newest first, with request counts per item', async () => {
    const { alice, bob, dave, item } = await aliceBobDave();
    const newer = await createItem(t.db, alice, { name: 'Newer' });
    await createItem(t.db, bob, { name: 'Bob’s' });
    const request = (requesterId: string, status: LendingRequestStatus) =>
      t.db.insert(lendingRequests).values({ itemId: item.id, requesterId, ownerId: alice.id, message: 'm', status });
    await request(bob.id, 'pending');
    await request(dave.id, 'declined');
    const carol = await createUser(t.db);
    await request(carol.id, 'accepted');

    const response = await t.request(alice, { method: 'GET', url: '/api/items/my' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((i: { id: string }) => i.id)).toEqual([newer.id, item.id]);
    expect(body[1].requestCounts).toEqual({ pending: 1, accepted: 1, other: 1 });
    expect(body[0].requestCounts).toEqual({ pending: 0, accepted: 0, other: 0 });
    expect((await t.request(null, { method: 'GET', url: '/api/items/my' })).statusCode).toBe(401);
  });
});
