import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { itemContactPermissions, itemGroupPermissions, items, userBlocks } from '../db/schema';
import type { ItemCategory } from '../../contract/enums';

/**
 * Available Items reads one sorted stream per path (the viewer's contact
 * shares, and each of their groups' shares) and merges them
 * (item-visibility.ts, `visibleItemsPage`). Paged in small steps over items
 * that reach the viewer through several paths at once, through paths that
 * no longer hold, across a block, and not at all, the walk must give every
 * visible item exactly once, newest first, and nothing else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { items: { id: string; name: string }[]; nextCursor: string | null };

async function walk(viewer: { id: string }, query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/items/available?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await t.request(viewer, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const page: Page = response.json();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((item) => item.name));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('Available Items merged from several share paths', () => {
  const expected: { name: string; createdAt: Date; id: string; category: ItemCategory }[] = [];
  let viewer: { id: string };

  beforeAll(async () => {
    const db = t.db;
    viewer = await createUser(db, { name: 'Viewer' });
    const ana = await createUser(db, { name: 'Ana' });
    const ben = await createUser(db, { name: 'Ben' });
    const cleo = await createUser(db, { name: 'Cleo' });
    // Every path holds for Dan and Eve, but the viewer blocked Dan and Eve blocked the viewer.
    const dan = await createUser(db, { name: 'Dan' });
    const eve = await createUser(db, { name: 'Eve' });
    await createContact(db, ana, { contactUserId: viewer.id });
    await createContact(db, cleo, { contactUserId: viewer.id });
    await createContact(db, dan, { contactUserId: viewer.id });
    await createContact(db, eve, { contactUserId: viewer.id });
    await db.insert(userBlocks).values([
      { blockerId: viewer.id, blockedId: dan.id },
      { blockerId: eve.id, blockedId: viewer.id },
    ]);
    // Ben ticked the viewer but does not have them as a contact: that path does not hold.

    const anaGroup = await createGroup(db, ana, { name: 'Ana and viewer' });
    const benGroup = await createGroup(db, ben, { name: 'Ben and viewer' });
    const shared = await createGroup(db, ana, { name: 'Ana, Ben and viewer' });
    const withoutViewer = await createGroup(db, cleo, { name: 'Cleo alone' });
    const withoutOwner = await createGroup(db, viewer, { name: 'Viewer alone' });
    await addMember(db, anaGroup, viewer);
    await addMember(db, benGroup, viewer);
    await addMember(db, shared, ben);
    await addMember(db, shared, viewer);
    await addMember(db, shared, dan);
    await addMember(db, shared, eve);

    // Creation times on a few days, several items at the same instant (the id breaks the tie).
    const at = (i: number) => new Date(Date.UTC(2026, 9, 1 + (i % 9), 12));
    let n = 0;
    const make = async (owner: { id: string }, visible: boolean, category: ItemCategory = 'tools') => {
      const createdAt = at(n);
      const name = `${visible ? 'Visible' : 'Hidden'} ${n++}`;
      const item = await createItem(db, owner, { name, createdAt, category });
      if (visible) expected.push({ name, createdAt, id: item.id, category });
      return item;
    };

    for (let i = 0; i < 6; i++) await shareWithGroup(db, await make(ana, true), anaGroup);
    for (let i = 0; i < 4; i++) {
      // Three paths to one item: Ana's contact share, her group and the shared group.
      const item = await make(ana, true, 'kitchen');
      await shareWithUser(db, item, viewer);
      await shareWithGroup(db, item, anaGroup);
      await shareWithGroup(db, item, shared);
    }
    for (let i = 0; i < 5; i++) await shareWithGroup(db, await make(ben, true), benGroup);
    for (let i = 0; i < 3; i++) await shareWithGroup(db, await make(ben, true, 'kitchen'), shared);
    for (let i = 0; i < 2; i++) await shareWithUser(db, await make(ben, false), viewer);
    for (let i = 0; i < 5; i++) await shareWithUser(db, await make(cleo, true), viewer);
    for (let i = 0; i < 3; i++) await shareWithGroup(db, await make(cleo, false), withoutViewer);
    for (let i = 0; i < 2; i++) await shareWithUser(db, await make(cleo, false), viewer, false);
    for (let i = 0; i < 2; i++) await shareWithGroup(db, await make(ana, false), withoutOwner);
    for (let i = 0; i < 2; i++) await shareWithGroup(db, await make(viewer, false), anaGroup);
    await shareWithGroup(db, await make(ben, false), anaGroup);
    for (const blocked of [dan, eve]) {
      for (let i = 0; i < 3; i++) {
        const item = await make(blocked, false, i === 0 ? 'kitchen' : 'tools');
        await shareWithUser(db, item, viewer);
        await shareWithGroup(db, item, shared);
      }
    }

    expected.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  });

  it.each([1, 3, 7, 50])('pages of %i give every visible item once, newest first', async (limit) => {
    expect(await walk(viewer, '', limit)).toEqual(expected.map((item) => item.name));
  });

  it.each([1, 3])(
    'pages of %i name the same "shared via" groups as the item view (taken from the streams)',
    async (limit) => {
      let cursor: string | null = null;
      let compared = 0;
      do {
        const url: string = `/api/items/available?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        const page: { items: { id: string; sharedViaGroups: unknown }[]; nextCursor: string | null } = (
          await t.request(viewer, { method: 'GET', url })
        ).json();
        for (const item of page.items) {
          const view = await t.request(viewer, { method: 'GET', url: `/api/items/${item.id}` });
          expect(item.sharedViaGroups).toEqual(view.json().sharedViaGroups);
          compared += 1;
        }
        cursor = page.nextCursor;
      } while (cursor);
      expect(compared).toBe(expected.length);
    },
  );

  it('applies the filters inside every path', async () => {
    const kitchen = expected.filter((item) => item.category === 'kitchen').map((item) => item.name);
    expect(kitchen).toHaveLength(7);
    expect(await walk(viewer, '&category=kitchen', 2)).toEqual(kitchen);
    expect(await walk(viewer, '&q=hidden', 5)).toEqual([]);
  });
});

describe('the share copy of the item creation time (drizzle/0006)', () => {
  it('is filled on insert and follows the item', async () => {
    const owner = await createUser(t.db);
    const viewer = await createUser(t.db);
    const group = await createGroup(t.db, owner);
    const item = await createItem(t.db, owner, { createdAt: new Date('2026-01-02T03:04:05.678901Z') });
    await shareWithUser(t.db, item, viewer);
    await shareWithGroup(t.db, item, group);
    const copies = async () =>
      [
        ...(await t.db
          .select({ at: itemContactPermissions.itemCreatedAt })
          .from(itemContactPermissions)
          .where(eq(itemContactPermissions.itemId, item.id))),
        ...(await t.db
          .select({ at: itemGroupPermissions.itemCreatedAt })
          .from(itemGroupPermissions)
          .where(eq(itemGroupPermissions.itemId, item.id))),
      ].map((row) => row.at?.toISOString());
    expect(await copies()).toEqual(['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z']);

    await t.db
      .update(items)
      .set({ createdAt: new Date('2025-05-05T05:05:05Z') })
      .where(eq(items.id, item.id));
    expect(await copies()).toEqual(['2025-05-05T05:05:05.000Z', '2025-05-05T05:05:05.000Z']);

    // Written directly, the copy is put back to the item's time.
    await t.db
      .update(itemGroupPermissions)
      .set({ itemCreatedAt: new Date('2030-01-01T00:00:00Z') })
      .where(eq(itemGroupPermissions.itemId, item.id));
    expect(await copies()).toEqual(['2025-05-05T05:05:05.000Z', '2025-05-05T05:05:05.000Z']);
  });
});
