import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { itemContactPermissions, itemGroupPermissions, itemPhotos, items, lendingRequests } from '../db/schema';

/**
 * Issue "Items": the list endpoints run the same number of statements for
 * 10 items as for 1,000 (and for few or many contacts and groups), so a
 * growing collection never turns into one query per row (N+1). Rows are
 * bulk-inserted: the point is the statement count per request, not speed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface World {
  owner: { id: string };
  viewer: { id: string };
  firstItemId: string;
}

/**
 * `count` items of one owner, each with two photos, shared with the viewer
 * directly and through `count / 10` groups both belong to, with requests in
 * several states; plus `count / 10` more registered contacts of the owner.
 */
async function buildWorld(count: number): Promise<World> {
  const owner = await createUser(t.db, { name: `Owner ${count}` });
  const viewer = await createUser(t.db, { name: `Viewer ${count}` });
  const requester = await createUser(t.db);
  await createContact(t.db, owner, { contactUserId: viewer.id });
  const groupCount = Math.max(1, count / 10);
  const groups: { id: string }[] = [];
  for (let i = 0; i < groupCount; i++) {
    const group = await createGroup(t.db, owner, { name: `Group ${count}-${i}` });
    await addMember(t.db, group, viewer);
    groups.push(group);
  }
  for (let i = 0; i < groupCount; i++) await createContact(t.db, owner, { contactUserId: (await createUser(t.db)).id });

  const created = await t.db
    .insert(items)
    .values(
      Array.from({ length: count }, (_, i): typeof items.$inferInsert => ({
        ownerId: owner.id,
        name: `Drill ${count}-${i}`,
        description: 'A cordless drill',
        category: 'tools',
        status: i % 3 === 0 ? 'in_use' : 'available',
      })),
    )
    .returning({ id: items.id });
  const ids = created.map((row) => row.id);
  await t.db.insert(itemPhotos).values(
    ids.flatMap((itemId) =>
      [0, 1].map((position) => ({
        uploaderId: owner.id,
        itemId,
        position,
        contentType: 'image/webp',
        width: 10,
        height: 10,
        byteSize: 10,
      })),
    ),
  );
  await t.db.insert(itemContactPermissions).values(ids.map((itemId) => ({ itemId, contactUserId: viewer.id })));
  await t.db
    .insert(itemGroupPermissions)
    .values(ids.flatMap((itemId, i) => [{ itemId, groupId: groups[i % groups.length]!.id }]));
  const statuses = ['pending', 'declined', 'returned', 'withdrawn'] as const;
  await t.db.insert(lendingRequests).values(
    ids.map((itemId, i) => ({
      itemId,
      requesterId: requester.id,
      ownerId: owner.id,
      message: 'May I borrow it?',
      status: statuses[i % statuses.length],
    })),
  );
  return { owner, viewer, firstItemId: ids[0]! };
}

/** Statements one request runs, after a first call (a session's first call also records activity). */
async function statementsFor(user: { id: string }, url: string): Promise<number> {
  const cookie = await t.cookieFor(user.id);
  const call = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect((await call()).statusCode).toBe(200);
  const before = t.database.queryCount();
  const response = await call();
  expect(response.statusCode).toBe(200);
  return t.database.queryCount() - before;
}

describe('statements per list request, 10 items against 1,000', () => {
  let small: World;
  let large: World;
  beforeAll(async () => {
    small = await buildWorld(10);
    large = await buildWorld(1000);
  }, 60_000);

  const endpoints: [string, (w: World) => { user: { id: string }; url: string }][] = [
    ['GET /api/items/my', (w) => ({ user: w.owner, url: '/api/items/my' })],
    ['GET /api/items/available', (w) => ({ user: w.viewer, url: '/api/items/available' })],
    ['GET /api/items/available, a text search', (w) => ({ user: w.viewer, url: '/api/items/available?q=drill' })],
    [
      'GET /api/items/available, filtered',
      (w) => ({ user: w.viewer, url: '/api/items/available?category=tools&status=available' }),
    ],
    ['GET /api/items/{id}', (w) => ({ user: w.viewer, url: `/api/items/${w.firstItemId}` })],
    ['GET /api/items/{id}/permissions', (w) => ({ user: w.owner, url: `/api/items/${w.firstItemId}/permissions` })],
    [
      'GET /api/items/{id}/group-permissions',
      (w) => ({ user: w.owner, url: `/api/items/${w.firstItemId}/group-permissions` }),
    ],
  ];

  it.each(endpoints)('%s', async (_name, target) => {
    const few = target(small);
    const many = target(large);
    const fewStatements = await statementsFor(few.user, few.url);
    const manyStatements = await statementsFor(many.user, many.url);
    expect(fewStatements).toBeGreaterThan(0);
    expect(manyStatements).toBe(fewStatements);
  });

  it('the next page of Available Items costs the same as the first', async () => {
    const cookie = await t.cookieFor(large.viewer.id);
    const first = await t.app.inject({ method: 'GET', url: '/api/items/available', headers: { cookie } });
    const cursor = (first.json() as { nextCursor: string | null }).nextCursor;
    expect(cursor).not.toBeNull();
    const url = `/api/items/available?cursor=${encodeURIComponent(cursor ?? '')}`;
    expect(await statementsFor(large.viewer, url)).toBe(await statementsFor(large.viewer, '/api/items/available'));
  });
});
