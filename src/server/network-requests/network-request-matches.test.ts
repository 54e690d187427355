import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Thread } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createMutualContacts, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { messages, networkRequestMatches, networkRequestResponses, notifications, userBlocks } from '../db/schema';
import { renderNotificationText } from '../notifications/notification-texts';

/**
 * Issue 19 part 3, "you may have this" (docs/decisions/0028): a request
 * names to each recipient their items that match it and that the requester
 * can already see; an item the requester cannot see is never stored,
 * suggested, named or counted, to anyone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = { id: string; name: string };

function ask(user: User | null, title: string) {
  return t.request(user, { method: 'POST', url: '/api/network-requests', payload: { title } });
}
function respond(user: User | null, messageId: string, payload: Record<string, unknown>) {
  return t.request(user, { method: 'POST', url: `/api/network-requests/${messageId}/respond`, payload });
}
async function thread(reader: User, partner: User): Promise<Thread> {
  const response = await t.request(reader, { method: 'GET', url: `/api/conversations/${reader.id}/${partner.id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function searchNames(user: User, q: string): Promise<string[]> {
  const url = `/api/items/available?q=${encodeURIComponent(q)}&limit=50`;
  const response = await t.request(user, { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: { name: string }[] }).items.map((item) => item.name).sort();
}
async function storedMatches(networkRequestId: string) {
  const rows = await t.db
    .select()
    .from(networkRequestMatches)
    .where(eq(networkRequestMatches.networkRequestId, networkRequestId));
  return rows.map((row) => ({ itemId: row.itemId, ownerId: row.ownerId }));
}
async function networkMessageTo(receiver: User, networkRequestId: string) {
  const rows = await t.db.select().from(messages).where(eq(messages.networkRequestId, networkRequestId));
  return rows.find((row) => row.receiverId === receiver.id);
}

/**
 * A requester and the people around them, each with drills:
 * - friend: a mutual contact; four drills shared with the requester (three
 *   at most are named) and one "Hammer drill" not shared with them;
 * - hidden: a mutual contact whose only drill is not shared with the requester;
 * - member: a co-member sharing a drill with their group;
 * - blocker: a mutual contact sharing a drill, who blocked the requester;
 * - oneWay: has the requester in their book (so the requester sees their
 *   drill) but is not in the requester's network (not mutual, no group).
 */
async function world() {
  const requester = await createUser(t.db, { name: 'Rita Requester' });
  const friend = await createUser(t.db, { name: 'Fred Friend' });
  const hidden = await createUser(t.db, { name: 'Hanna Hidden' });
  const member = await createUser(t.db, { name: 'Mia Member' });
  const blocker = await createUser(t.db, { name: 'Bert Blocker' });
  const oneWay = await createUser(t.db, { name: 'Olga Oneway' });
  for (const person of [friend, hidden, blocker]) await createMutualContacts(t.db, requester, person);
  await createContact(t.db, oneWay, { contactUserId: requester.id });
  const club = await createGroup(t.db, member, { name: 'Club' });
  await addMember(t.db, club, requester);

  const share = async (owner: User, name: string) => {
    const item = await createItem(t.db, owner, { name });
    await shareWithUser(t.db, item, requester);
    return item;
  };
  const friendDrills = [
    await share(friend, 'Cordless drill'),
    await share(friend, 'Drill press'),
    await share(friend, 'Drill bits'),
    await share(friend, 'Drill stand'),
  ];
  const hammerDrill = await createItem(t.db, friend, { name: 'Hammer drill' });
  const hiddenDrill = await createItem(t.db, hidden, { name: 'Secret drill' });
  const memberDrill = await createItem(t.db, member, { name: 'Drill driver' });
  await shareWithGroup(t.db, memberDrill, club);
  const blockerDrill = await share(blocker, 'Blocked drill');
  await t.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: requester.id });
  const oneWayDrill = await share(oneWay, 'One-way drill');
  return {
    requester,
    friend,
    hidden,
    member,
    blocker,
    oneWay,
    friendDrills,
    hammerDrill,
    hiddenDrill,
    memberDrill,
    blockerDrill,
    oneWayDrill,
  };
}

describe('sending a request stores the recipients\u2019 visible matches', () => {
  let w: Awaited<ReturnType<typeof world>>;
  let requestId: string;
  let recipientCount: number;
  beforeAll(async () => {
    w = await world();
    const response = await ask(w.requester, 'drill');
    expect(response.statusCode, response.body).toBe(201);
    ({ id: requestId, recipientCount } = response.json() as { id: string; recipientCount: number });
  });

  it('stores at most three visible items per recipient, never an invisible one, a blocker\u2019s or a non-recipient\u2019s', async () => {
    const stored = await storedMatches(requestId);
    const friendStored = stored.filter((row) => row.ownerId === w.friend.id);
    expect(friendStored).toHaveLength(3);
    expect(w.friendDrills.map((item) => item.id)).toEqual(expect.arrayContaining(friendStored.map((r) => r.itemId)));
    expect(stored.filter((row) => row.ownerId === w.member.id)).toEqual([
      { itemId: w.memberDrill.id, ownerId: w.member.id },
    ]);
    expect(stored).toHaveLength(4);
    const storedIds = stored.map((row) => row.itemId);
    for (const never of [w.hammerDrill, w.hiddenDrill, w.blockerDrill, w.oneWayDrill]) {
      expect(storedIds).not.toContain(never.id);
    }
  });

  it('tells the requester nothing about matches: the answer counts people reached, not items', async () => {
    // friend, hidden, member: the blocker and the one-way owner are not reached.
    expect(recipientCount).toBe(3);
    const own = await thread(w.requester, w.friend);
    expect(own.messages[0]!.networkRequest?.matchedItems).toEqual([]);
    // The requester's own search (what the dialog suggests) never holds what they cannot see.
    const suggested = await searchNames(w.requester, 'drill');
    expect(suggested).toEqual([
      'Cordless drill',
      'Drill bits',
      'Drill driver',
      'Drill press',
      'Drill stand',
      'One-way drill',
    ]);
  });

  it('shows each recipient only their own matched items, and nothing to one whose drill the requester cannot see', async () => {
    const friendView = await thread(w.friend, w.requester);
    const matched = friendView.messages[0]!.networkRequest?.matchedItems ?? [];
    expect(matched).toHaveLength(3);
    expect(matched.map((item) => item.name)).not.toContain('Hammer drill');
    const memberView = await thread(w.member, w.requester);
    expect(memberView.messages[0]!.networkRequest?.matchedItems).toEqual([
      { id: w.memberDrill.id, name: 'Drill driver' },
    ]);
    const hiddenView = await thread(w.hidden, w.requester);
    expect(hiddenView.messages[0]!.networkRequest).toMatchObject({ title: 'drill', matchedItems: [] });
    expect(JSON.stringify(hiddenView)).not.toContain('Secret drill');
  });

  it('gives the blocker neither the request nor a match', async () => {
    expect(await networkMessageTo(w.blocker, requestId)).toBeUndefined();
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, w.blocker.id));
    expect(rows).toEqual([]);
  });

  it('says "you may have this" in a matched recipient\u2019s notification only, in their language', async () => {
    const [friendNote] = await t.db.select().from(notifications).where(eq(notifications.userId, w.friend.id));
    expect(friendNote?.payload).toMatchObject({ role: 'match', senderName: 'Rita Requester', itemName: 'drill' });
    const friendMatchName = (friendNote?.payload as { matchedItemName: string }).matchedItemName;
    const friendMatched = (await storedMatches(requestId)).filter((row) => row.ownerId === w.friend.id);
    const names = w.friendDrills.filter((item) => friendMatched.some((r) => r.itemId === item.id)).map((i) => i.name);
    expect(names).toContain(friendMatchName);
    const text = renderNotificationText({
      id: friendNote!.id,
      event: friendNote!.event,
      payload: friendNote!.payload as Record<string, string>,
      language: 'de',
    });
    expect(text.title).toBe('Rita Requester sucht drill');
    expect(text.body).toContain(`Vielleicht hast du das: ${friendMatchName}`);

    const [hiddenNote] = await t.db.select().from(notifications).where(eq(notifications.userId, w.hidden.id));
    expect(hiddenNote?.payload).toEqual({ partnerId: w.requester.id, senderName: 'Rita Requester', itemName: 'drill' });
    const plain = renderNotificationText({
      id: hiddenNote!.id,
      event: hiddenNote!.event,
      payload: hiddenNote!.payload as Record<string, string>,
      language: 'en',
    });
    expect(plain.body).toBe('Can you help? Reply in the conversation.');
  });
});

describe('answering with a matched item', () => {
  let w: Awaited<ReturnType<typeof world>>;
  let requestId: string;
  let friendMessageId: string;
  let matchedId: string;
  beforeAll(async () => {
    w = await world();
    requestId = ((await ask(w.requester, 'drill')).json() as { id: string }).id;
    friendMessageId = (await networkMessageTo(w.friend, requestId))!.id;
    matchedId = (await thread(w.friend, w.requester)).messages[0]!.networkRequest!.matchedItems[0]!.id;
  });

  it('answers 401 when signed out', async () => {
    const response = await respond(null, friendMessageId, { response: 'have_it', itemId: matchedId, message: 'Yes' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 to someone the message did not reach, even with a matched item', async () => {
    const response = await respond(w.member, friendMessageId, {
      response: 'have_it',
      itemId: matchedId,
      message: 'Mine',
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for another person\u2019s item, an own item that did not match, or no item at all', async () => {
    for (const itemId of [w.memberDrill.id, w.hammerDrill.id, w.hiddenDrill.id, crypto.randomUUID()]) {
      const response = await respond(w.friend, friendMessageId, { response: 'have_it', itemId, message: 'Here' });
      expect(response.statusCode, itemId).toBe(404);
    }
    const answers = await t.db
      .select()
      .from(networkRequestResponses)
      .where(eq(networkRequestResponses.networkRequestId, requestId));
    expect(answers).toEqual([]);
  });

  it('refuses an item with any answer but have_it (400)', async () => {
    const response = await respond(w.friend, friendMessageId, { response: 'decline', itemId: matchedId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { issues: [{ path: 'itemId', messageKey: 'validation.offerItemInvalid' }] },
    });
  });

  it('records have_it with the item; the requester reads the answer in the conversation', async () => {
    const sentence = 'I have Cordless drill: ask me to borrow it!';
    const response = await respond(w.friend, friendMessageId, {
      response: 'have_it',
      itemId: matchedId,
      message: sentence,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ response: 'have_it', itemId: matchedId });
    const [answer] = await t.db
      .select()
      .from(networkRequestResponses)
      .where(eq(networkRequestResponses.networkRequestId, requestId));
    expect(answer).toMatchObject({ responderId: w.friend.id, response: 'have_it', itemId: matchedId });

    const requesterView = await thread(w.requester, w.friend);
    expect(requesterView.messages.at(-1)).toMatchObject({ senderId: w.friend.id, content: sentence });
    const friendView = await thread(w.friend, w.requester);
    expect(friendView.messages[0]!.networkRequest?.answered).toBe(true);
  });
});

describe('statements per request whatever the network size', () => {
  /** A requester with `size` mutual friends, each sharing two drills with them. */
  async function requesterWithFriends(size: number): Promise<User> {
    const requester = await createUser(t.db, { name: `Requester of ${size}` });
    for (let i = 0; i < size; i++) {
      const friend = await createUser(t.db, { name: `Friend ${size}-${i}` });
      await createMutualContacts(t.db, requester, friend);
      for (const name of ['Drill', 'Drill case'])
        await shareWithUser(t.db, await createItem(t.db, friend, { name }), requester);
    }
    return requester;
  }

  it('runs as many statements for 2 friends as for 12', async () => {
    const small = await requesterWithFriends(2);
    const large = await requesterWithFriends(12);
    const statements = async (user: User) => {
      const cookie = await t.cookieFor(user.id);
      const send = (title: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/network-requests',
          headers: { cookie, origin: t.config.publicUrl.origin },
          payload: { title },
        });
      // A session's first call also records its activity.
      expect((await send('warm-up')).statusCode).toBe(201);
      const before = t.database.queryCount();
      const response = await send('drill');
      expect(response.statusCode, response.body).toBe(201);
      const count = t.database.queryCount() - before;
      expect(await storedMatches((response.json() as { id: string }).id)).not.toEqual([]);
      return count;
    };
    expect(await statements(large)).toBe(await statements(small));
  }, 30_000);
});
