import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Thread } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { pinClockEarlyInWindow, restoreClockAfterEach } from '../../../tests/support/clock';
import { LIMITS } from '../../contract/limits';
import { createContact, createMessage, createMutualContacts, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { contacts, groupMembers, items, messages, networkRequestResponses, networkRequests } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
restoreClockAfterEach();

type User = { id: string; name: string };
type Response = { statusCode: number; json(): unknown };
const errorCode = (response: Response) => (response.json() as { error: { code: string } }).error.code;
const issues = (response: Response) =>
  (response.json() as { error: { issues: { path: string; messageKey: string }[] } }).error.issues;

function ask(user: User | null, payload: Record<string, unknown>) {
  return t.request(user, { method: 'POST', url: '/api/network-requests', payload });
}
function respond(user: User | null, messageId: string, payload: Record<string, unknown>) {
  return t.request(user, { method: 'POST', url: `/api/network-requests/${messageId}/respond`, payload });
}
async function availableNames(user: User): Promise<string[]> {
  const response = await t.request(user, { method: 'GET', url: '/api/items/available' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: { name: string }[] }).items.map((item) => item.name);
}
async function messagesOf(networkRequestId: string) {
  return t.db.select().from(messages).where(eq(messages.networkRequestId, networkRequestId));
}

/**
 * A requester with a network: a mutual contact, a one-sided contact who is
 * also a co-member, an unlinked contact, two groups with co-members, a
 * member removed before the request, someone only the requester has in
 * their book (added by username, no consent), someone who has the requester
 * in *their* book only, and a stranger in a group the requester is not in.
 */
async function network() {
  const requester = await createUser(t.db, { name: 'Requester' });
  const contact = await createUser(t.db, { name: 'Contact' });
  const both = await createUser(t.db, { name: 'Contact and co-member' });
  const memberA = await createUser(t.db, { name: 'Member A' });
  const memberB = await createUser(t.db, { name: 'Member B' });
  const removed = await createUser(t.db, { name: 'Removed member' });
  const reverseOnly = await createUser(t.db, { name: 'Has requester as contact' });
  const stranger = await createUser(t.db, { name: 'Stranger' });
  const oneSided = await createUser(t.db, { name: 'Added one-sidedly' });
  await createMutualContacts(t.db, requester, contact);
  await createContact(t.db, requester, { contactUserId: both.id });
  await createContact(t.db, requester, { contactUserId: oneSided.id });
  await createContact(t.db, requester); // pending, not registered: nobody to message
  await createContact(t.db, reverseOnly, { contactUserId: requester.id });
  const first = await createGroup(t.db, requester);
  for (const member of [both, memberA, removed]) await addMember(t.db, first, member);
  const second = await createGroup(t.db, memberB);
  for (const member of [requester, both]) await addMember(t.db, second, member);
  await t.db.delete(groupMembers).where(and(eq(groupMembers.groupId, first.id), eq(groupMembers.userId, removed.id)));
  const elsewhere = await createGroup(t.db, stranger);
  await addMember(t.db, elsewhere, memberA);
  return { requester, contact, both, memberA, memberB, removed, reverseOnly, stranger, oneSided };
}

describe('POST /api/network-requests', () => {
  it('answers 401 when signed out', async () => {
    expect((await ask(null, { title: 'Ladder' })).statusCode).toBe(401);
  });

  it('reaches each mutual contact and co-member exactly once, never the requester, a one-sided contact, a stranger or a removed member', async () => {
    const people = await network();
    const events: string[] = [];
    t.app.liveEvents.subscribe(people.memberA.id, (event) => events.push(event.type));

    const response = await ask(people.requester, {
      requesterId: people.requester.id,
      title: '  Ladder ',
      description: 'Tall enough for the roof',
      category: 'tools',
      urgency: 'high',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as { id: string; recipientCount: number };
    expect(created.recipientCount).toBe(4);

    const sent = await messagesOf(created.id);
    expect(sent.map((m) => m.receiverId).sort()).toEqual(
      [people.contact.id, people.both.id, people.memberA.id, people.memberB.id].sort(),
    );
    for (const message of sent) {
      expect(message).toMatchObject({
        senderId: people.requester.id,
        messageType: 'network_request',
        systemEvent: 'network_request',
        content: 'Looking for: Ladder. Tall enough for the roof',
      });
    }
    const [stored] = await t.db.select().from(networkRequests).where(eq(networkRequests.id, created.id));
    expect(stored).toMatchObject({ title: 'Ladder', category: 'tools', urgency: 'high' });
    expect(events).toEqual(['message', 'unread_count']);
  });

  it('shows the request in the recipient thread, unanswered', async () => {
    const people = await network();
    const created = (await ask(people.requester, { title: 'Tent' })).json() as { id: string };
    const thread = (
      await t.request(people.memberB, {
        method: 'GET',
        url: `/api/conversations/${people.memberB.id}/${people.requester.id}`,
      })
    ).json() as Thread;
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]!.networkRequest).toEqual({
      id: created.id,
      requesterId: people.requester.id,
      title: 'Tent',
      description: null,
      category: null,
      urgency: 'normal',
      answered: false,
      matchedItems: [],
    });
  });

  it('refuses to ask on behalf of someone else (403) and stores nothing', async () => {
    const people = await network();
    const response = await ask(people.stranger, { requesterId: people.requester.id, title: 'Forged' });
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(networkRequests).where(eq(networkRequests.title, 'Forged'))).toEqual([]);
  });

  it('refuses an empty network with 409 network_empty and stores nothing', async () => {
    const loner = await createUser(t.db, { name: 'Loner' });
    await createContact(t.db, loner); // unregistered contacts are not a network
    const response = await ask(loner, { title: 'Company' });
    expect([response.statusCode, errorCode(response)]).toEqual([409, 'network_empty']);
    expect(await t.db.select().from(networkRequests).where(eq(networkRequests.requesterId, loner.id))).toEqual([]);
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title', 'validation.networkTitleRequired'],
    ['no title', {}, 'title', 'validation.networkTitleRequired'],
    ['a title over 100 characters', { title: 'x'.repeat(101) }, 'title', 'validation.networkTitleTooLong'],
    [
      'a description over 500',
      { title: 'Saw', description: 'd'.repeat(501) },
      'description',
      'validation.descriptionTooLong',
    ],
    ['an unknown category', { title: 'Saw', category: 'weapons' }, 'category', 'validation.categoryInvalid'],
    ['an unknown urgency', { title: 'Saw', urgency: 'now' }, 'urgency', 'validation.urgencyInvalid'],
  ])('refuses %s with its message key', async (_label, payload, path, messageKey) => {
    const requester = await createUser(t.db);
    const response = await ask(requester, payload);
    expect(response.statusCode).toBe(400);
    expect(issues(response)).toEqual([{ path, messageKey }]);
  });
});

describe('POST /api/network-requests/{messageId}/respond', () => {
  /** A fresh network and request; returns the network_request message each person received. */
  async function askedNetwork(title = 'Ladder') {
    const people = await network();
    const created = (await ask(people.requester, { title })).json() as { id: string };
    const sent = await messagesOf(created.id);
    const messageTo = (user: User) => sent.find((m) => m.receiverId === user.id)!.id;
    return { ...people, requestId: created.id, messageTo };
  }

  it('answers 401 when signed out', async () => {
    expect((await respond(null, crypto.randomUUID(), { response: 'decline' })).statusCode).toBe(401);
  });

  it('lets only the receiver of that message answer: everyone else gets 404', async () => {
    const asked = await askedNetwork();
    const toMemberA = asked.messageTo(asked.memberA);
    const plain = await createMessage(t.db, asked.requester, asked.memberA);
    for (const [user, messageId] of [
      [asked.stranger, toMemberA], // a stranger
      [asked.memberB, toMemberA], // another recipient, with someone else's message
      [asked.requester, toMemberA], // the requester on a message they sent
      [asked.memberA, plain.id], // a message that carries no network request
      [asked.memberA, crypto.randomUUID()], // nothing at all
    ] as const) {
      const response = await respond(user, messageId, { response: 'decline' });
      expect(response.statusCode, user.name).toBe(404);
    }
    expect(
      await t.db
        .select()
        .from(networkRequestResponses)
        .where(eq(networkRequestResponses.networkRequestId, asked.requestId)),
    ).toEqual([]);
  });

  it('refuses to answer as someone else (403)', async () => {
    const asked = await askedNetwork();
    const response = await respond(asked.memberA, asked.messageTo(asked.memberA), {
      responderId: asked.memberB.id,
      response: 'decline',
    });
    expect(response.statusCode).toBe(403);
  });

  it('add_to_items creates the item, shares it with the requester only, and tells them', async () => {
    const asked = await askedNetwork('Ladder');
    const requesterEvents: string[] = [];
    t.app.liveEvents.subscribe(asked.requester.id, (event) => requesterEvents.push(event.type));

    const response = await respond(asked.memberA, asked.messageTo(asked.memberA), {
      responderId: asked.memberA.id,
      response: 'add_to_items',
      item: { name: ' Long ladder ', description: 'Aluminium, 5 m' },
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { id: string; response: string; itemId: string };
    expect(answer.response).toBe('add_to_items');

    const [item] = await t.db.select().from(items).where(eq(items.id, answer.itemId));
    expect(item).toMatchObject({
      ownerId: asked.memberA.id,
      name: 'Long ladder',
      description: 'Aluminium, 5 m',
      category: 'other',
      status: 'available',
    });
    expect(await availableNames(asked.requester)).toContain('Long ladder');
    // A third person, even one in the same groups, does not see it.
    expect(await availableNames(asked.stranger)).not.toContain('Long ladder');
    expect(await availableNames(asked.both)).not.toContain('Long ladder');

    // The requester became Member A's registered contact.
    const added = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, asked.memberA.id), eq(contacts.contactUserId, asked.requester.id)));
    expect(added).toMatchObject([{ name: 'Requester', status: 'active' }]);

    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, asked.memberA.id), eq(messages.receiverId, asked.requester.id)));
    expect(told).toMatchObject([
      {
        messageType: 'system',
        systemEvent: 'network_item_added',
        content: 'Member A added Long ladder to help you',
        networkRequestId: asked.requestId,
      },
    ]);
    // The notice, the badge, and Available Items refreshes to show the new item.
    expect(requesterEvents).toEqual(['message', 'unread_count', 'items_changed']);

    // The responder's thread now shows the request as answered.
    const thread = (
      await t.request(asked.memberA, {
        method: 'GET',
        url: `/api/conversations/${asked.memberA.id}/${asked.requester.id}`,
      })
    ).json() as Thread;
    expect(thread.messages.map((m) => m.networkRequest?.answered)).toEqual([true, true]);
  });

  it('keeps one contact row when the requester already is a contact of the responder', async () => {
    // The contact is mutual: the requester already is in the responder's book.
    const asked = await askedNetwork();
    const response = await respond(asked.contact, asked.messageTo(asked.contact), {
      response: 'add_to_items',
      item: { name: 'Spare ladder' },
    });
    expect(response.statusCode).toBe(201);
    const rows = await t.db.select().from(contacts).where(eq(contacts.userId, asked.contact.id));
    expect(rows.filter((c) => c.contactUserId === asked.requester.id)).toHaveLength(1);
    expect(await availableNames(asked.requester)).toContain('Spare ladder');
  });

  it('accepts one answer per person: the second is 409 and creates nothing', async () => {
    const asked = await askedNetwork();
    const messageId = asked.messageTo(asked.memberB);
    const body = { response: 'add_to_items', item: { name: 'Ladder twice' } };
    expect((await respond(asked.memberB, messageId, body)).statusCode).toBe(201);
    const again = await respond(asked.memberB, messageId, body);
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'network_request_answered']);
    const declineAfter = await respond(asked.memberB, messageId, { response: 'decline' });
    expect(declineAfter.statusCode).toBe(409);
    expect(await t.db.select().from(items).where(eq(items.name, 'Ladder twice'))).toHaveLength(1);
  });

  it('settles a double tap: two racing answers make one item', async () => {
    const asked = await askedNetwork();
    const messageId = asked.messageTo(asked.both);
    const body = { response: 'add_to_items', item: { name: 'Raced ladder' } };
    const answers = await Promise.all([respond(asked.both, messageId, body), respond(asked.both, messageId, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(items).where(eq(items.name, 'Raced ladder'))).toHaveLength(1);
  });

  it('have_it sends the responder’s words as a user message; decline only records the answer', async () => {
    const asked = await askedNetwork();
    const haveIt = await respond(asked.memberA, asked.messageTo(asked.memberA), {
      response: 'have_it',
      message: 'Mine is in the garage, come by',
    });
    expect(haveIt.statusCode).toBe(201);
    expect(haveIt.json()).toMatchObject({ response: 'have_it', itemId: null });
    const decline = await respond(asked.memberB, asked.messageTo(asked.memberB), {
      response: 'decline',
      message: 'Sorry',
    });
    expect(decline.statusCode).toBe(201);

    const toRequester = await t.db.select().from(messages).where(eq(messages.receiverId, asked.requester.id));
    expect(toRequester.map((m) => [m.senderId, m.messageType, m.content])).toEqual([
      [asked.memberA.id, 'user', 'Mine is in the garage, come by'],
    ]);
    const recorded = await t.db
      .select()
      .from(networkRequestResponses)
      .where(eq(networkRequestResponses.networkRequestId, asked.requestId));
    expect(recorded.map((r) => [r.responderId, r.response, r.message]).sort()).toEqual(
      [
        [asked.memberA.id, 'have_it', 'Mine is in the garage, come by'],
        [asked.memberB.id, 'decline', 'Sorry'],
      ].sort(),
    );
  });

  it.each([
    ['add_to_items without an item', { response: 'add_to_items' }, 'item.name', 'validation.itemNameRequired'],
    [
      'a blank item name',
      { response: 'add_to_items', item: { name: '  ' } },
      'item.name',
      'validation.itemNameRequired',
    ],
    [
      'an item name over 100',
      { response: 'add_to_items', item: { name: 'n'.repeat(101) } },
      'item.name',
      'validation.itemNameTooLong',
    ],
    ['have_it without a message', { response: 'have_it', message: '   ' }, 'message', 'validation.messageRequired'],
    ['a message over 500', { response: 'decline', message: 'm'.repeat(501) }, 'message', 'validation.messageTooLong'],
    ['an unknown response', { response: 'maybe' }, 'response', 'errors.invalid_input'],
  ])('refuses %s with its message key', async (_label, payload, path, messageKey) => {
    const asked = await askedNetwork();
    const response = await respond(asked.memberA, asked.messageTo(asked.memberA), payload);
    expect(response.statusCode).toBe(400);
    expect(issues(response)).toEqual([{ path, messageKey }]);
    expect(
      await t.db
        .select()
        .from(networkRequestResponses)
        .where(eq(networkRequestResponses.networkRequestId, asked.requestId)),
    ).toEqual([]);
  });
});

describe('POST /api/network-requests rate limit', () => {
  it(`lets one account ask its network ${LIMITS.networkRequestsPerHour} times an hour, then answers 429`, async () => {
    const people = await network();
    // Early in the hour's window, so it cannot turn over halfway.
    pinClockEarlyInWindow(3_600_000);
    for (let i = 0; i < LIMITS.networkRequestsPerHour; i++) {
      expect((await ask(people.requester, { title: `Thing ${i}` })).statusCode).toBe(201);
    }
    const refused = await ask(people.requester, { title: 'One too many' });
    expect([refused.statusCode, errorCode(refused)]).toEqual([429, 'too_many_requests']);
    expect(refused.headers['retry-after']).toBe('3599');
    expect(
      await t.db.select().from(networkRequests).where(eq(networkRequests.requesterId, people.requester.id)),
    ).toHaveLength(LIMITS.networkRequestsPerHour);
    // Another account keeps its own budget.
    expect((await ask(people.memberB, { title: 'Wheelbarrow' })).statusCode).toBe(201);
  });
});

describe('network_request_responses indexes', () => {
  it('index the foreign keys that deletes follow (item, responder), without a duplicate of the unique index', async () => {
    const { rows } = await t.database.pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'network_request_responses' ORDER BY indexname`,
    );
    const names = rows.map((row) => row.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'network_request_responses_item_idx',
        'network_request_responses_responder_idx',
        'network_request_responses_one_per_responder',
      ]),
    );
    // Lookups by request use the unique (request, responder) index: its first column.
    expect(names).not.toContain('network_request_responses_request_idx');
  });
});
