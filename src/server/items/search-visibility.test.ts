import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { groupMembers, items, userBlocks } from '../db/schema';
import { searchVisibleItems } from './search-visible-items';

/**
 * Issue 19 part 4: a search never reveals an item the searcher may not see,
 * not in the page, its order, its cursors or how many pages there are; and
 * a ranked result pages through every match exactly once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { items: { id: string; name: string }[]; nextCursor: string | null };

async function page(user: { id: string }, query: string): Promise<Page> {
  const response = await t.request(user, { method: 'GET', url: `/api/items/available?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a search, `limit` at a time: the pages' names and the cursors between them. */
async function walk(user: { id: string }, q: string, limit: number) {
  const pages: string[][] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `q=${encodeURIComponent(q)}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const next = await page(user, query);
    pages.push(next.items.map((item) => item.name));
    cursor = next.nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor && pages.length < 100);
  return { pages, cursors };
}

describe('search and the visibility rule', () => {
  let viewer: { id: string };
  let invisibleIds: string[];
  const day = (d: number) => new Date(Date.UTC(2026, 7, d));

  beforeAll(async () => {
    viewer = await createUser(t.db, { name: 'Viewer' });
    const ana = await createUser(t.db, { name: 'Ana' });
    const dan = await createUser(t.db, { name: 'Dan' });
    await createContact(t.db, ana, { contactUserId: viewer.id });
    const club = await createGroup(t.db, dan, { name: 'Club' });
    await addMember(t.db, club, viewer);

    // Visible: Ana's through her address book, Dan's through the club. Ranks differ (name, description).
    const visible = [
      [ana, { name: 'Drill', createdAt: day(1) }],
      [ana, { name: 'Sander', description: 'Better than a drill', createdAt: day(2) }],
      [dan, { name: 'Hammer drill', createdAt: day(3) }],
      [dan, { name: 'Drill bits', createdAt: day(4) }],
      [ana, { name: 'Old drill', createdAt: day(5) }],
    ] as const;
    for (const [owner, values] of visible) {
      const item = await createItem(t.db, owner, values);
      if (owner === ana) await shareWithUser(t.db, item, viewer);
      else await shareWithGroup(t.db, item, club);
    }

    // Invisible, each an exact name match that would rank first and come newest.
    const ben = await createUser(t.db, { name: 'Ben' }); // ticked the viewer, but the viewer is not his contact
    const cleo = await createUser(t.db, { name: 'Cleo' }); // a contact who did not share
    const eve = await createUser(t.db, { name: 'Eve' }); // shared with a group the viewer left
    const fay = await createUser(t.db, { name: 'Fay' }); // blocked the viewer
    const gus = await createUser(t.db, { name: 'Gus' }); // blocked by the viewer
    for (const owner of [cleo, fay, gus]) await createContact(t.db, owner, { contactUserId: viewer.id });
    await t.db.insert(userBlocks).values([
      { blockerId: fay.id, blockedId: viewer.id },
      { blockerId: viewer.id, blockedId: gus.id },
    ]);
    const left = await createGroup(t.db, eve, { name: 'Left' });
    await addMember(t.db, left, viewer);
    const invisible = [
      await createItem(t.db, ben, { name: 'Drill', createdAt: day(20) }),
      await createItem(t.db, cleo, { name: 'Drill', createdAt: day(21) }),
      await createItem(t.db, eve, { name: 'Drill', createdAt: day(22) }),
      await createItem(t.db, fay, { name: 'Drill', createdAt: day(23) }),
      await createItem(t.db, gus, { name: 'Drill', createdAt: day(24) }),
      await createItem(t.db, viewer, { name: 'Drill', createdAt: day(25) }), // the viewer's own
    ];
    await shareWithUser(t.db, invisible[0]!, viewer);
    await shareWithGroup(t.db, invisible[2]!, left);
    await shareWithUser(t.db, invisible[3]!, viewer);
    await shareWithUser(t.db, invisible[4]!, viewer);
    await t.db.delete(groupMembers).where(and(eq(groupMembers.groupId, left.id), eq(groupMembers.userId, viewer.id)));
    invisibleIds = invisible.map((item) => item.id);
  });

  // Name matches first (equally relevant, so newest first), then the description match.
  const expected = ['Old drill', 'Drill bits', 'Hammer drill', 'Drill', 'Sander'];

  it('finds only what the viewer may see, best match first', async () => {
    const found = await page(viewer, 'q=drill');
    expect(found.items.map((item) => item.name)).toEqual(expected);
    for (const item of found.items) expect(invisibleIds).not.toContain(item.id);
    expect(found.nextCursor).toBeNull();
  });

  it('pages and cursors are the same as if the invisible items did not exist', async () => {
    const withThem = [await walk(viewer, 'drill', 1), await walk(viewer, 'drill', 2), await walk(viewer, 'drill', 4)];
    for (const { pages } of withThem) expect(pages.flat()).toEqual(expected);
    expect(withThem[1]!.pages).toEqual([expected.slice(0, 2), expected.slice(2, 4), expected.slice(4)]);

    await t.db.delete(items).where(eq(items.ownerId, viewer.id));
    for (const id of invisibleIds) await t.db.delete(items).where(eq(items.id, id));
    const withoutThem = [
      await walk(viewer, 'drill', 1),
      await walk(viewer, 'drill', 2),
      await walk(viewer, 'drill', 4),
    ];
    expect(withoutThem).toEqual(withThem);
  });

  it('the reusable search returns the same items, and nothing to a stranger', async () => {
    const rows = await searchVisibleItems(t.db, viewer.id, 'Drill', { limit: 3 });
    expect(rows.map((row) => row.item.name)).toEqual(expected.slice(0, 3));
    expect(rows.map((row) => row.searchRank)).toEqual([...rows.map((row) => row.searchRank)].sort((a, b) => b - a));
    const stranger = await createUser(t.db, { name: 'Stranger' });
    expect(await searchVisibleItems(t.db, stranger.id, 'drill', { limit: 10 })).toEqual([]);
    expect(await searchVisibleItems(t.db, viewer.id, '% !', { limit: 10 })).toEqual([]);
  });
});

describe('paging through a ranked search', () => {
  it('walks every match exactly once, even when ranks and creation times tie', async () => {
    const viewer = await createUser(t.db);
    const owner = await createUser(t.db);
    await createContact(t.db, owner, { contactUserId: viewer.id });
    const sameInstant = new Date('2026-11-01T10:00:00Z');
    const shapes = [
      { name: 'Tent' },
      { name: 'Tent for four' },
      { name: 'Tarp', description: 'Goes over a tent' },
      { name: 'Tnet' },
    ];
    const created = await t.db
      .insert(items)
      .values(
        Array.from({ length: 23 }, (_, i): typeof items.$inferInsert => ({
          ownerId: owner.id,
          category: 'outdoor',
          ...shapes[i % shapes.length]!,
          createdAt: i % 2 === 0 ? sameInstant : new Date(sameInstant.getTime() + i * 1000),
        })),
      )
      .returning({ id: items.id });
    for (const { id } of created) await shareWithUser(t.db, { id }, viewer);

    const all = await page(viewer, 'q=tent&limit=50');
    expect(all.items).toHaveLength(23);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `q=tent&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const next = await page(viewer, query);
      seen.push(...next.items.map((item) => item.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((item) => item.id));
    expect(new Set(seen).size).toBe(23);
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    [
      'a newest-first cursor',
      Buffer.from('2026-11-01 10:00:00+00|00000000-0000-0000-0000-000000000000').toString('base64url'),
    ],
    [
      'a forged rank',
      Buffer.from('1e9|2026-11-01 10:00:00+00|00000000-0000-0000-0000-000000000000').toString('base64url'),
    ],
    [
      'a huge rank',
      Buffer.from('99999999999|2026-11-01 10:00:00+00|00000000-0000-0000-0000-000000000000').toString('base64url'),
    ],
  ])('refuses %s as a search cursor with 400', async (_name, cursor) => {
    const viewer = await createUser(t.db);
    const response = await t.request(viewer, {
      method: 'GET',
      url: `/api/items/available?q=tent&cursor=${encodeURIComponent(cursor)}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('a search page runs as many statements as any page of Available Items, first or next', async () => {
    const viewer = await createUser(t.db);
    const owner = await createUser(t.db);
    await createContact(t.db, owner, { contactUserId: viewer.id });
    for (let i = 0; i < 4; i++)
      await shareWithUser(t.db, await createItem(t.db, owner, { name: `Kayak ${i}` }), viewer);
    const cookie = await t.cookieFor(viewer.id);
    const statements = async (url: string) => {
      await t.app.inject({ method: 'GET', url, headers: { cookie } });
      const before = t.database.queryCount();
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return { count: t.database.queryCount() - before, body: response.json() as Page };
    };
    const first = await statements('/api/items/available?q=kayak&limit=2');
    expect(first.body.nextCursor).not.toBeNull();
    const next = await statements(`/api/items/available?q=kayak&limit=2&cursor=${first.body.nextCursor}`);
    expect(next.count).toBe(first.count);
    // The same as a page of Available Items without a search: the search adds no statement.
    expect(first.count).toBe((await statements('/api/items/available?limit=2')).count);
  });
});
