import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createMutualContacts, createUser } from '../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import { itemContactPermissions, items, networkRequestMatches, notifications } from '../db/schema';

/**
 * Which items "you may have this" names (docs/decisions/0028, issue 19
 * review): by what the items are, never by their owner's name; and the
 * caps per owner and per request are spent on recipients only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = { id: string; name: string };

async function ask(user: User, title: string): Promise<string> {
  const response = await t.request(user, { method: 'POST', url: '/api/network-requests', payload: { title } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}
/** The names of `owner`'s items a request matched, from the stored matches. */
async function matchedNames(networkRequestId: string, owner: User): Promise<string[]> {
  const rows = await t.db
    .select({ name: items.name })
    .from(networkRequestMatches)
    .innerJoin(items, eq(items.id, networkRequestMatches.itemId))
    .where(
      and(eq(networkRequestMatches.networkRequestId, networkRequestId), eq(networkRequestMatches.ownerId, owner.id)),
    );
  return rows.map((row) => row.name).sort();
}
async function searchNames(user: User, q: string): Promise<string[]> {
  const response = await t.request(user, { method: 'GET', url: `/api/items/available?q=${encodeURIComponent(q)}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: { name: string }[] }).items.map((item) => item.name).sort();
}

describe('matches are about the items, not their owner', () => {
  it('a request for "mat" names Matt\u2019s yoga mat, not his kettle; Available Items still finds both by his name', async () => {
    const requester = await createUser(t.db, { name: 'Rita' });
    const matt = await createUser(t.db, { name: 'Matt Keller' });
    await createMutualContacts(t.db, requester, matt);
    for (const name of ['Kettle', 'Yoga mat']) {
      await shareWithUser(t.db, await createItem(t.db, matt, { name }), requester);
    }

    const requestId = await ask(requester, 'mat');
    expect(await matchedNames(requestId, matt)).toEqual(['Yoga mat']);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, matt.id));
    expect(note?.payload).toMatchObject({ role: 'match', matchedItemName: 'Yoga mat' });

    expect(await searchNames(requester, 'mat')).toEqual(['Kettle', 'Yoga mat']);
  });
});

describe('the caps are spent on recipients only', () => {
  it('a non-recipient with 120 matching items the requester sees does not crowd out a recipient\u2019s older one', async () => {
    const requester = await createUser(t.db, { name: 'Rita' });
    const friend = await createUser(t.db, { name: 'Fred' });
    const oneWay = await createUser(t.db, { name: 'Olga' });
    await createMutualContacts(t.db, requester, friend);
    // Olga has Rita in her book (Rita sees her shares) but Rita does not have Olga: Olga is not asked.
    await createContact(t.db, oneWay, { contactUserId: requester.id });
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const friendsDrill = await createItem(t.db, friend, { name: 'Drill', createdAt: longAgo });
    await shareWithUser(t.db, friendsDrill, requester);
    // Same name, same rank, all newer: before the fix they filled the whole search window of 100.
    const olgas = await t.db
      .insert(items)
      .values(Array.from({ length: 120 }, () => ({ ownerId: oneWay.id, name: 'Drill', category: 'tools' as const })))
      .returning({ id: items.id });
    await t.db
      .insert(itemContactPermissions)
      .values(olgas.map((item) => ({ itemId: item.id, contactUserId: requester.id, canView: true })));

    const requestId = await ask(requester, 'drill');
    const stored = await t.db
      .select({ ownerId: networkRequestMatches.ownerId, itemId: networkRequestMatches.itemId })
      .from(networkRequestMatches)
      .where(eq(networkRequestMatches.networkRequestId, requestId));
    expect(stored).toEqual([{ ownerId: friend.id, itemId: friendsDrill.id }]);
  });
});
