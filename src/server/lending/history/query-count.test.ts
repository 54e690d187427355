import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createContact, createUser } from '../../../../tests/support/factories';
import { createItem } from '../../../../tests/support/item-factories';
import { LIMITS } from '@/contract/limits';
import { lendingRequests } from '../../db/schema';

/**
 * The history lists run the same number of statements for 5 loans as for
 * 500, whoever the partners are (registered, deleted, an address-book entry
 * or a typed name): no lookup per loan (N+1). Rows are bulk-inserted.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface World {
  owner: { id: string };
  friend: { id: string };
  itemId: string;
  ownersEntryForFriend: string;
}

/** `count` loans of one item: to a friend, to other registered people, to entries and typed names, some the other way. */
async function buildWorld(count: number): Promise<World> {
  const owner = await createUser(t.db);
  const friend = await createUser(t.db);
  const others = [await createUser(t.db), await createUser(t.db, { deletedAt: new Date() })];
  const ownersEntryForFriend = await createContact(t.db, owner, { contactUserId: friend.id });
  await createContact(t.db, friend, { contactUserId: owner.id });
  const entries = [await createContact(t.db, owner), await createContact(t.db, owner)];
  const item = await createItem(t.db, owner, { name: `Drill ${count}` });
  const friendsItem = await createItem(t.db, friend, { name: `Saw ${count}` });
  await t.db.insert(lendingRequests).values(
    Array.from({ length: count }, (_, i): typeof lendingRequests.$inferInsert => {
      const day = `2026-0${1 + (i % 9)}-1${i % 10}`;
      const base = { status: 'returned' as const, lentOn: day, returnedOn: day, expectedReturnDate: day };
      switch (i % 5) {
        case 0:
          return { ...base, itemId: item.id, ownerId: owner.id, requesterId: friend.id, message: 'Please' };
        case 1:
          return { ...base, itemId: friendsItem.id, ownerId: friend.id, requesterId: owner.id, message: 'Please' };
        case 2:
          return { ...base, itemId: item.id, ownerId: owner.id, requesterId: others[i % 2]!.id, message: 'Please' };
        case 3:
          return {
            ...base,
            itemId: item.id,
            ownerId: owner.id,
            origin: 'recorded',
            borrowerContactId: entries[i % 2]!.id,
            borrowerName: 'Someone',
          };
        default:
          return { ...base, itemId: item.id, ownerId: owner.id, origin: 'recorded', borrowerName: 'A neighbour' };
      }
    }),
  );
  return { owner, friend, itemId: item.id, ownersEntryForFriend: ownersEntryForFriend.id };
}

/** Statements one request runs, after a first call (a session's first call also records activity). */
async function statementsFor(user: { id: string }, url: string): Promise<{ statements: number; body: unknown }> {
  const cookie = await t.cookieFor(user.id);
  const call = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect((await call()).statusCode).toBe(200);
  const before = t.database.queryCount();
  const response = await call();
  expect(response.statusCode).toBe(200);
  return { statements: t.database.queryCount() - before, body: response.json() };
}

describe('statements per history request, 5 loans against 500', () => {
  let small: World;
  let large: World;
  beforeAll(async () => {
    small = await buildWorld(5);
    large = await buildWorld(500);
  }, 60_000);

  const endpoints: [string, (w: World) => { user: { id: string }; url: string }][] = [
    ['GET /api/items/{id}/loans', (w) => ({ user: w.owner, url: `/api/items/${w.itemId}/loans` })],
    ['GET /api/contacts/{id}/loans', (w) => ({ user: w.owner, url: `/api/contacts/${w.ownersEntryForFriend}/loans` })],
    ['GET /api/user/loan-counts', (w) => ({ user: w.owner, url: '/api/user/loan-counts' })],
  ];

  it.each(endpoints)('%s', async (_name, target) => {
    const few = await statementsFor(target(small).user, target(small).url);
    const many = await statementsFor(target(large).user, target(large).url);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
  });

  it('lists the newest LIMITS.loanHistoryMax loans of the big world and counts all of them', async () => {
    const items = await statementsFor(large.owner, `/api/items/${large.itemId}/loans`);
    expect(items.body).toHaveLength(LIMITS.loanHistoryMax);
    const contact = await statementsFor(large.owner, `/api/contacts/${large.ownersEntryForFriend}/loans`);
    expect(contact.body).toMatchObject({ counts: { lent: 100, borrowed: 100 } });
    expect((contact.body as { loans: unknown[] }).loans).toHaveLength(LIMITS.loanHistoryMax);
    const counts = await statementsFor(large.owner, '/api/user/loan-counts');
    expect(counts.body).toEqual({ lent: 400, borrowed: 100 });
  });
});
