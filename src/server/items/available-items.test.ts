import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { itemContactPermissions, itemGroupPermissions, items, lendingRequests } from '../db/schema';
import { encodeItemCursor } from './item-cursor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { items: { id: string; name: string; status: string }[]; nextCursor: string | null };
const names = (page: Page) => page.items.map((item) => item.name);

describe('GET /api/items/available filters', () => {
  let viewer: { id: string };
  beforeAll(async () => {
    viewer = await createUser(t.db, { name: 'Viewer' });
    const sam = await createUser(t.db, { name: 'Sam Gardener' });
    const kim = await createUser(t.db, { name: 'Kim 100% Baker' });
    for (const owner of [sam, kim]) await createContact(t.db, owner, { contactUserId: viewer.id });
    const day = (d: number) => new Date(Date.UTC(2026, 10, d));
    const shared = [
      await createItem(t.db, sam, { name: 'Hedge trimmer', category: 'tools', createdAt: day(1) }),
      await createItem(t.db, sam, { name: 'Tent', description: 'Sleeps four', category: 'outdoor', createdAt: day(2) }),
      await createItem(t.db, kim, { name: 'Stand mixer', category: 'kitchen', status: 'in_use', createdAt: day(3) }),
      await createItem(t.db, kim, { name: 'Cake tins', category: 'kitchen', status: 'borrowed', createdAt: day(4) }),
    ];
    for (const item of shared) await shareWithUser(t.db, item, viewer);
    await createItem(t.db, sam, { name: 'Unshared saw', category: 'tools' });
  });

  const available = async (query = ''): Promise<Page> => {
    const response = await t.request(viewer, { method: 'GET', url: `/api/items/available${query}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('lists what is shared with the viewer, newest first', async () => {
    expect(names(await available())).toEqual(['Cake tins', 'Stand mixer', 'Tent', 'Hedge trimmer']);
  });

  it.each([
    ['?q=tent', ['Tent']],
    ['?q=FOUR', ['Tent']],
    ['?q=gardener', ['Tent', 'Hedge trimmer']],
    ['?q=100%25', ['Cake tins', 'Stand mixer']],
    ['?q=%25', ['Cake tins', 'Stand mixer']],
    ['?q=_', []],
    ['?category=kitchen', ['Cake tins', 'Stand mixer']],
    ['?status=available', ['Tent', 'Hedge trimmer']],
    ['?status=in_use', ['Cake tins', 'Stand mixer']],
    ['?category=tools&q=hedge', ['Hedge trimmer']],
    ['?category=tools&status=in_use', []],
  ])('%s finds %j', async (query, expected) => {
    expect(names(await available(query))).toEqual(expected);
  });

  it.each(['?category=weapons', '?status=borrowed', '?limit=0', '?limit=51', `?q=${'x'.repeat(101)}`])(
    'refuses %s with 400',
    async (query) => {
      const response = await t.request(viewer, { method: 'GET', url: `/api/items/available${query}` });
      expect(response.statusCode).toBe(400);
    },
  );
});

describe('GET /api/items/available pages', () => {
  it('walks every item exactly once, even when many share the same creation time', async () => {
    const viewer = await createUser(t.db);
    const owner = await createUser(t.db);
    await createContact(t.db, owner, { contactUserId: viewer.id });
    const sameInstant = new Date('2026-11-01T10:00:00Z');
    const created = await t.db
      .insert(items)
      .values(
        Array.from({ length: 23 }, (_, i): typeof items.$inferInsert => ({
          ownerId: owner.id,
          name: `Thing ${i}`,
          category: 'other',
          createdAt: i < 10 ? sameInstant : new Date(sameInstant.getTime() + i * 1000),
        })),
      )
      .returning({ id: items.id });
    await t.db
      .insert(itemContactPermissions)
      .values(created.map(({ id }) => ({ itemId: id, contactUserId: viewer.id })));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const page: Page = (await t.request(viewer, { method: 'GET', url: `/api/items/available${query}` })).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(23);
    expect(seen.sort()).toEqual(created.map(({ id }) => id).sort());
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['a forged timestamp', encodeItemCursor({ createdAt: "2026'; DROP TABLE items; --", id: crypto.randomUUID() })],
    ['a forged id', encodeItemCursor({ createdAt: '2026-11-01 10:00:00+00', id: 'x' })],
  ])('refuses %s as cursor with 400', async (_label, cursor) => {
    const viewer = await createUser(t.db);
    const response = await t.request(viewer, { method: 'GET', url: `/api/items/available?cursor=${cursor}` });
    expect(response.statusCode).toBe(400);
  });
});

describe('item lists run a bounded number of queries', () => {
  /** Queries one request runs (signed in by cookie, so no session is created inside the count). */
  async function queriesFor(user: { id: string }, url: string) {
    const cookie = await t.cookieFor(user.id);
    const call = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
    await call();
    const before = t.database.queryCount();
    const response = await call();
    expect(response.statusCode).toBe(200);
    return t.database.queryCount() - before;
  }

  /** `count` items of `owner`, each shared with `viewer` directly and through a group, with photos and requests. */
  async function addItems(owner: { id: string }, viewer: { id: string }, group: { id: string }, count: number) {
    const created = await t.db
      .insert(items)
      .values(
        Array.from({ length: count }, (_, i): typeof items.$inferInsert => ({
          ownerId: owner.id,
          name: `Bulk ${i}`,
          category: 'tools',
        })),
      )
      .returning({ id: items.id });
    await t.db
      .insert(itemContactPermissions)
      .values(created.map(({ id }) => ({ itemId: id, contactUserId: viewer.id })));
    await t.db.insert(itemGroupPermissions).values(created.map(({ id }) => ({ itemId: id, groupId: group.id })));
    await t.db
      .insert(lendingRequests)
      .values(created.map(({ id }) => ({ itemId: id, requesterId: viewer.id, ownerId: owner.id, message: 'Please' })));
  }

  it('the same for 10 and for 1,000 items (My Items and Available Items)', async () => {
    const owner = await createUser(t.db);
    const viewer = await createUser(t.db);
    await createContact(t.db, owner, { contactUserId: viewer.id });
    const group = await createGroup(t.db, owner);
    await addMember(t.db, group, viewer);
    await addItems(owner, viewer, group, 10);
    const few = {
      mine: await queriesFor(owner, '/api/items/my'),
      available: await queriesFor(viewer, '/api/items/available?limit=50'),
    };
    await addItems(owner, viewer, group, 990);
    const many = {
      mine: await queriesFor(owner, '/api/items/my'),
      available: await queriesFor(viewer, '/api/items/available?limit=50'),
    };
    expect(many).toEqual(few);
    expect(few.available).toBeLessThanOrEqual(3);
  });
});

describe('shared via', () => {
  it('names every group the item reached the viewer through, and counts each share once for the owner', async () => {
    const owner = await createUser(t.db, { name: 'Owner' });
    const viewer = await createUser(t.db);
    const item = await createItem(t.db, owner);
    const groups = [];
    for (const name of ['Zeta', 'Alpha', 'Mu', 'Beta']) {
      const group = await createGroup(t.db, owner, { name });
      await addMember(t.db, group, viewer);
      await shareWithGroup(t.db, item, group);
      groups.push(group);
    }
    const page: { items: { sharedViaGroups: { name: string }[] }[] } = (
      await t.request(viewer, { method: 'GET', url: '/api/items/available' })
    ).json();
    expect(page.items[0]!.sharedViaGroups.map((g) => g.name)).toEqual(['Alpha', 'Beta', 'Mu', 'Zeta']);
    const mine = (await t.request(owner, { method: 'GET', url: '/api/items/my' })).json();
    expect(mine[0].sharedWithCount).toBe(4);
  });
});

describe("My Items' share count", () => {
  it('counts only the shares that still reach someone, the same as the item view', async () => {
    const owner = await createUser(t.db, { name: 'Owner' });
    const [ann, ben, cleo] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const item = await createItem(t.db, owner);
    const other = await createItem(t.db, owner);
    for (const person of [ann, ben]) {
      await createContact(t.db, owner, { contactUserId: person.id });
      await shareWithUser(t.db, item, person);
    }
    // Ticked once, no longer the owner's contact (someone else's still): reaches nobody.
    await shareWithUser(t.db, item, cleo);
    await createContact(t.db, ann, { contactUserId: cleo.id });
    // Not ticked "Can see".
    const dan = await createUser(t.db);
    await createContact(t.db, owner, { contactUserId: dan.id });
    await shareWithUser(t.db, item, dan, false);
    const kept = await createGroup(t.db, owner, { name: 'Kept' });
    await shareWithGroup(t.db, item, kept);
    // A group the owner is not a member of (left it): reaches nobody.
    const left = await createGroup(t.db, ann, { name: 'Left' });
    await shareWithGroup(t.db, item, left);
    await shareWithGroup(t.db, other, kept);

    const mine: { id: string; sharedWithCount: number }[] = (
      await t.request(owner, { method: 'GET', url: '/api/items/my' })
    ).json();
    const countOf = (id: string) => mine.find((row) => row.id === id)?.sharedWithCount;
    expect(countOf(item.id)).toBe(3);
    expect(countOf(other.id)).toBe(1);
    const view = (await t.request(owner, { method: 'GET', url: `/api/items/${item.id}` })).json();
    expect(view.sharedWithCount).toBe(3);
  });
});
