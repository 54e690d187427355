import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem } from '../../../tests/support/item-factories';
import { groups, itemSearchDocuments, items, users } from '../db/schema';

/**
 * The search documents' copies (drizzle/0016_search_audience.sql, ADR 0029):
 * `audience` (whom the owner shared an item with) and the owner's name in
 * the document follow every change at once, through the real routes. A
 * missing entry in `audience` would hide an item the viewer may see from
 * every search, which the visibility tests (a superset is narrowed by the
 * rule) cannot notice; so the column itself is checked here too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = { id: string };

async function audienceOf(itemId: string): Promise<string[]> {
  const [row] = await t.db
    .select({ audience: itemSearchDocuments.audience })
    .from(itemSearchDocuments)
    .where(eq(itemSearchDocuments.itemId, itemId));
  return [...(row?.audience ?? [])].sort();
}

async function found(viewer: User, q: string): Promise<string[]> {
  const response = await t.request(viewer, { method: 'GET', url: `/api/items/available?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { name: string }[] }).items.map((item) => item.name).sort();
}

async function send(user: User, method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) {
  const response = await t.request(user, { method, url, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('who an item is shared with, as search reads it', () => {
  let owner: User;
  let viewer: User;
  let other: User;
  let club: { id: string };
  let item: { id: string };

  beforeEach(async () => {
    owner = await createUser(t.db, { name: 'Olga Owner' });
    viewer = await createUser(t.db, { name: 'Vera Viewer' });
    other = await createUser(t.db, { name: 'Otto Other' });
    await createContact(t.db, owner, { contactUserId: viewer.id });
    await createContact(t.db, owner, { contactUserId: other.id });
    club = await createGroup(t.db, owner, { name: 'Climbing club' });
    await addMember(t.db, club, viewer);
    item = await createItem(t.db, owner, { name: 'Kletterseil' });
  });

  it('follows ticks, unticks and removals of contacts', async () => {
    expect(await audienceOf(item.id)).toEqual([]);
    expect(await found(viewer, 'kletterseil')).toEqual([]);

    await send(owner, 'POST', '/api/permissions', { itemId: item.id, contactUserId: viewer.id, canView: true });
    await send(owner, 'POST', '/api/permissions', { itemId: item.id, contactUserId: other.id, canView: true });
    expect(await audienceOf(item.id)).toEqual([viewer.id, other.id].sort());
    expect(await found(viewer, 'kletterseil')).toEqual(['Kletterseil']);

    // "Can see" unticked: an update of the share row, not a delete.
    await send(owner, 'POST', '/api/permissions', { itemId: item.id, contactUserId: viewer.id, canView: false });
    expect(await audienceOf(item.id)).toEqual([other.id]);
    expect(await found(viewer, 'kletterseil')).toEqual([]);

    // Ticked again: the same row back to true.
    await send(owner, 'POST', '/api/permissions', { itemId: item.id, contactUserId: viewer.id, canView: true });
    expect(await found(viewer, 'kletterseil')).toEqual(['Kletterseil']);

    await send(owner, 'DELETE', `/api/permissions/${item.id}/${viewer.id}`);
    expect(await audienceOf(item.id)).toEqual([other.id]);
    expect(await found(viewer, 'kletterseil')).toEqual([]);
  });

  it('follows group shares, their withdrawal and the group being deleted', async () => {
    await send(owner, 'POST', '/api/group-permissions', { itemId: item.id, groupId: club.id, canView: true });
    expect(await audienceOf(item.id)).toEqual([club.id]);
    expect(await found(viewer, 'kletterseil')).toEqual(['Kletterseil']);

    await send(owner, 'POST', '/api/group-permissions', { itemId: item.id, groupId: club.id, canView: false });
    expect(await audienceOf(item.id)).toEqual([]);
    expect(await found(viewer, 'kletterseil')).toEqual([]);

    await send(owner, 'POST', '/api/group-permissions', { itemId: item.id, groupId: club.id, canView: true });
    expect(await found(viewer, 'kletterseil')).toEqual(['Kletterseil']);
    await send(owner, 'DELETE', `/api/group-permissions/${item.id}/${club.id}`);
    expect(await audienceOf(item.id)).toEqual([]);

    await send(owner, 'POST', '/api/group-permissions', { itemId: item.id, groupId: club.id, canView: true });
    await t.db.delete(groups).where(eq(groups.id, club.id));
    expect(await audienceOf(item.id)).toEqual([]);
    expect(await found(viewer, 'kletterseil')).toEqual([]);
  });

  it('is filled for an item created already shared, and survives edits of the item', async () => {
    const response = await t.request(owner, {
      method: 'POST',
      url: '/api/items',
      payload: { name: 'Steigeisen', category: 'sports' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { id: string };
    await send(owner, 'POST', '/api/group-permissions', { itemId: created.id, groupId: club.id, canView: true });
    await t.db.update(items).set({ name: 'Steigeisen Grivel' }).where(eq(items.id, created.id));
    expect(await audienceOf(created.id)).toEqual([club.id]);
    expect(await found(viewer, 'grivel')).toEqual(['Steigeisen Grivel']);
  });
});

describe("the owner's name in the search document", () => {
  it('finds a friend’s things by their name, with words of the item, and follows a rename', async () => {
    const viewer = await createUser(t.db, { name: 'Rita Reader' });
    const owner = await createUser(t.db, { name: 'Konstantin Quast' });
    await createContact(t.db, owner, { contactUserId: viewer.id });
    for (const name of ['Akkuschrauber', 'Zelt']) {
      const item = await createItem(t.db, owner, { name });
      await send(owner, 'POST', '/api/permissions', { itemId: item.id, contactUserId: viewer.id, canView: true });
    }

    expect(await found(viewer, 'konstantin')).toEqual(['Akkuschrauber', 'Zelt']);
    expect(await found(viewer, 'Quas')).toEqual(['Akkuschrauber', 'Zelt']);
    // A word of the name and a word of the owner's name together.
    expect(await found(viewer, 'zelt konstantin')).toEqual(['Zelt']);

    await send(owner, 'PUT', '/api/users/profile', {
      name: 'Kosta Brand',
      phone: '+41791234567',
      email: '',
      language: 'de',
    });
    expect(await found(viewer, 'konstantin')).toEqual([]);
    expect(await found(viewer, 'kosta')).toEqual(['Akkuschrauber', 'Zelt']);

    // A rename by any other path (an operator's UPDATE, a future writer) too: the trigger sees every one.
    await t.db.update(users).set({ name: 'Kim Brand' }).where(eq(users.id, owner.id));
    expect(await found(viewer, 'kosta')).toEqual([]);
    expect(await found(viewer, 'kim brand')).toEqual(['Akkuschrauber', 'Zelt']);
  });
});
