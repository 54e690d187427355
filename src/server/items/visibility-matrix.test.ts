import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { contacts, groupMembers, userBlocks } from '../db/schema';
import { selectItemViewers } from './item-viewers';

/**
 * The visibility rule (ARCHITECTURE.md "Who sees an item") over every way of
 * reading an item: the Available Items list, the item itself and its photo.
 * Each viewer either sees the item everywhere or nowhere.
 */
let t: TestApp;
type Person = { id: string } | null;
const viewers: Record<string, Person> = {};
let itemId: string;
let photoUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const alice = await createUser(db, { name: 'Alice Owner' });
  const permitted = await createUser(db, { name: 'Permitted Contact' });
  const unticked = await createUser(db, { name: 'Unticked Contact' });
  const removed = await createUser(db, { name: 'Removed Contact' });
  const coMember = await createUser(db, { name: 'Group Co-member' });
  const nonMember = await createUser(db, { name: 'Non-member' });
  const leaver = await createUser(db, { name: 'Member Who Left' });
  const stranger = await createUser(db, { name: 'Stranger' });
  // Every path holds for these two, but a block stands between them and Alice (docs/decisions/0018).
  const blocksOwner = await createUser(db, { name: 'Blocked Alice' });
  const blockedByOwner = await createUser(db, { name: 'Blocked by Alice' });
  // Alice shared with a group she is not in: it must not count (she cannot choose such a path through the API).
  const othersGroup = await createGroup(db, stranger, { name: 'Not Alice’s group' });

  for (const person of [permitted, unticked, removed, blocksOwner, blockedByOwner]) {
    await createContact(db, alice, { contactUserId: person.id });
  }
  const group = await createGroup(db, alice, { name: 'Tool Library' });
  for (const person of [coMember, leaver, blocksOwner, blockedByOwner]) await addMember(db, group, person);
  await addMember(db, othersGroup, nonMember);

  const created = await t.request(alice, {
    method: 'POST',
    url: '/api/photos',
    headers: { 'content-type': 'image/png' },
    payload: await tinyPng(),
  });
  expect(created.statusCode).toBe(201);
  const item = await createItem(db, alice, { name: 'Cordless drill' });
  itemId = item.id;
  const attached = await t.request(alice, {
    method: 'PUT',
    url: `/api/items/${item.id}`,
    payload: { name: 'Cordless drill', category: 'tools', photoIds: [created.json().id] },
  });
  expect(attached.statusCode).toBe(200);
  photoUrl = attached.json().photos[0].url;

  await shareWithUser(db, item, permitted);
  await shareWithUser(db, item, removed);
  await shareWithUser(db, item, unticked, false);
  await shareWithUser(db, item, blocksOwner);
  await shareWithUser(db, item, blockedByOwner);
  await shareWithGroup(db, item, group);
  await shareWithGroup(db, item, othersGroup);

  // After sharing: the removed contact is removed, the leaver leaves.
  await db.delete(contacts).where(and(eq(contacts.userId, alice.id), eq(contacts.contactUserId, removed.id)));
  await db.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, leaver.id)));
  // Written straight to the table: blocking through the API also removes Alice's contact shares,
  // and the rule must hold on its own.
  await db.insert(userBlocks).values([
    { blockerId: blocksOwner.id, blockedId: alice.id },
    { blockerId: alice.id, blockedId: blockedByOwner.id },
  ]);

  Object.assign(viewers, {
    owner: alice,
    'permitted contact': permitted,
    'contact not ticked': unticked,
    'contact removed after sharing': removed,
    'group co-member': coMember,
    'non-member': nonMember,
    'member who left': leaver,
    stranger,
    'contact and co-member who blocked the owner': blocksOwner,
    'contact and co-member the owner blocked': blockedByOwner,
    anonymous: null,
  });
});
afterAll(() => t.close());

async function tinyPng(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 4, height: 3, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
}

const expectations: [viewer: string, sees: boolean | 'unauthenticated'][] = [
  ['owner', true],
  ['permitted contact', true],
  ['contact not ticked', false],
  ['contact removed after sharing', false],
  ['group co-member', true],
  ['non-member', false],
  ['member who left', false],
  ['stranger', false],
  ['contact and co-member who blocked the owner', false],
  ['contact and co-member the owner blocked', false],
  ['anonymous', 'unauthenticated'],
];

describe('who sees an item', () => {
  it.each(expectations)('%s: item details', async (viewer, sees) => {
    const response = await t.request(viewers[viewer]!, { method: 'GET', url: `/api/items/${itemId}` });
    expect(response.statusCode).toBe(sees === 'unauthenticated' ? 401 : sees ? 200 : 404);
  });

  it.each(expectations)('%s: photo', async (viewer, sees) => {
    const response = await t.request(viewers[viewer]!, { method: 'GET', url: photoUrl });
    expect(response.statusCode).toBe(sees === 'unauthenticated' ? 401 : sees ? 200 : 404);
    if (sees === true) expect(response.headers['content-type']).toMatch(/^image\//);
  });

  it.each(expectations.filter(([viewer]) => viewer !== 'owner'))('%s: Available Items', async (viewer, sees) => {
    const response = await t.request(viewers[viewer]!, { method: 'GET', url: '/api/items/available' });
    if (sees === 'unauthenticated') return expect(response.statusCode).toBe(401);
    expect(response.statusCode).toBe(200);
    const ids = response.json().items.map((item: { id: string }) => item.id);
    expect(ids.includes(itemId)).toBe(sees);
  });

  it('the owner finds it in My Items, not in Available Items', async () => {
    const mine = await t.request(viewers.owner!, { method: 'GET', url: '/api/items/my' });
    expect(mine.json().map((item: { id: string }) => item.id)).toContain(itemId);
    const available = await t.request(viewers.owner!, { method: 'GET', url: '/api/items/available' });
    expect(available.json().items).toEqual([]);
  });

  it('a group co-member sees it "shared via" the shared group only', async () => {
    const response = await t.request(viewers['group co-member']!, { method: 'GET', url: `/api/items/${itemId}` });
    expect(response.json().sharedViaGroups).toEqual([{ id: expect.any(String), name: 'Tool Library' }]);
    const contactView = await t.request(viewers['permitted contact']!, { method: 'GET', url: `/api/items/${itemId}` });
    expect(contactView.json().sharedViaGroups).toEqual([]);
  });

  it('the people told of its changes (items_changed) are exactly those who see it, the owner aside', async () => {
    const seeing = expectations
      .filter(([viewer, sees]) => sees === true && viewer !== 'owner')
      .map(([viewer]) => viewers[viewer]!.id);
    expect((await selectItemViewers(t.db, itemId)).sort()).toEqual(seeing.sort());
  });
});
