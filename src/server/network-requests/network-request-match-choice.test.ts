import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import { items, networkRequestMatches, notifications } from '../db/schema';

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
