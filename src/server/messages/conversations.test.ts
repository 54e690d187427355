import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract/schemas/live-events';
import type { ConversationSummary, Thread } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createMessage, createMutualContacts, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem } from '../../../tests/support/item-factories';
import { lendingRequests, messages } from '../db/schema';
import { at, messageCalls, type User } from '../../../tests/support/messages';
import { THREAD_MESSAGE_LIMIT } from './thread-query';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { conversations, thread, markRead, send, unreadCount } = messageCalls(() => t);

/** Records the live events `user` receives from now on. */
function listen(user: User): LiveEvent[] {
  const events: LiveEvent[] = [];
  t.app.liveEvents.subscribe(user.id, (event) => events.push(event));
  return events;
}

describe('messages: unread counts and live events', () => {
  it('counts unread per conversation and in total, right after sending and after reading', async () => {
    const reader = await createUser(t.db, { name: 'Reader' });
    const writer = await createUser(t.db, { name: 'Writer' });
    const other = await createUser(t.db, { name: 'Other' });
    await createMutualContacts(t.db, writer, reader);
    await createMessage(t.db, other, reader, { content: 'From other', createdAt: at(1) });
    const readerEvents = listen(reader);
    const writerEvents = listen(writer);

    for (const content of ['one', 'two', 'three']) {
      expect((await send(writer, { receiverId: reader.id, content })).statusCode).toBe(201);
    }
    expect(await unreadCount(reader)).toBe(4);
    const before = (await conversations(reader)).json() as ConversationSummary[];
    expect(before.map((c) => [c.partnerName, c.unreadCount])).toEqual([
      ['Writer', 3],
      ['Other', 1],
    ]);
    expect(readerEvents).toContainEqual({ type: 'message', partnerId: writer.id });
    expect(readerEvents.at(-1)).toEqual({ type: 'unread_count', count: 4 });
    expect(writerEvents).toContainEqual({ type: 'message', partnerId: reader.id });

    expect((await markRead(reader, writer.id)).statusCode).toBe(204);
    expect(await unreadCount(reader)).toBe(1);
    const after = (await conversations(reader)).json() as ConversationSummary[];
    expect(after.map((c) => [c.partnerName, c.unreadCount])).toEqual([
      ['Writer', 0],
      ['Other', 1],
    ]);
    expect(readerEvents.at(-1)).toEqual({ type: 'unread_count', count: 1 });
    // The writer's own messages stay unread by nobody but the reader's marking.
    const readFlags = await t.db
      .select({ readAt: messages.readAt })
      .from(messages)
      .where(eq(messages.senderId, writer.id));
    expect(readFlags.every((m) => m.readAt !== null)).toBe(true);

    // Nothing left to read: no event, still 204.
    const count = readerEvents.length;
    expect((await markRead(reader, writer.id)).statusCode).toBe(204);
    expect(readerEvents).toHaveLength(count);
  });
});

describe('GET /api/conversations/{userId}', () => {
  it('summarises each partner: last message (either direction), its type and event, time, unread, newest first', async () => {
    const me = await createUser(t.db, { name: 'Me' });
    const [ann, ben, cat] = [
      await createUser(t.db, { name: 'Ann' }),
      await createUser(t.db, { name: 'Ben' }),
      await createUser(t.db, { name: 'Cat' }),
    ];
    await createMessage(t.db, ann, me, { content: 'Ann 1', createdAt: at(1) });
    await createMessage(t.db, ann, me, { content: 'Ann 2', createdAt: at(5) });
    await createMessage(t.db, me, ann, { content: 'Me to Ann', createdAt: at(6) });
    await createMessage(t.db, ben, me, { content: 'Ben read', createdAt: at(2), readAt: at(3) });
    await createMessage(t.db, cat, me, {
      content: 'Looking for: Ladder',
      messageType: 'network_request',
      systemEvent: 'network_request',
      createdAt: at(9),
    });
    // Other people's messages never appear.
    await createMessage(t.db, ann, ben, { content: 'Ann to Ben', createdAt: at(30) });

    const response = await conversations(me);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        partnerId: cat.id,
        partnerName: 'Cat',
        partnerDeleted: false,
        lastMessage: 'Looking for: Ladder',
        lastMessageType: 'network_request',
        lastSystemEvent: 'network_request',
        lastMessageAt: at(9).toISOString(),
        unreadCount: 1,
      },
      {
        partnerId: ann.id,
        partnerName: 'Ann',
        partnerDeleted: false,
        lastMessage: 'Me to Ann',
        lastMessageType: 'user',
        lastSystemEvent: null,
        lastMessageAt: at(6).toISOString(),
        unreadCount: 2,
      },
      {
        partnerId: ben.id,
        partnerName: 'Ben',
        partnerDeleted: false,
        lastMessage: 'Ben read',
        lastMessageType: 'user',
        lastSystemEvent: null,
        lastMessageAt: at(2).toISOString(),
        unreadCount: 0,
      },
    ]);
  });

  it('is an empty list for someone without messages', async () => {
    const loner = await createUser(t.db);
    expect((await conversations(loner)).json()).toEqual([]);
  });
});

describe('GET /api/conversations/{userId}/{partnerId}', () => {
  it('shows the lending request with its current status and item name, and whether the reader answered a network request', async () => {
    const owner = await createUser(t.db, { name: 'Owner' });
    const borrower = await createUser(t.db, { name: 'Borrower' });
    const drill = await createItem(t.db, owner, { name: 'Drill' });
    const [request] = await t.db
      .insert(lendingRequests)
      .values({
        itemId: drill.id,
        requesterId: borrower.id,
        ownerId: owner.id,
        message: 'May I?',
        requestedFrom: '2026-03-02',
        expectedReturnDate: '2026-03-04',
      })
      .returning();
    await createMessage(t.db, borrower, owner, {
      content: 'May I?',
      messageType: 'request_notification',
      systemEvent: 'request_created',
      lendingRequestId: request!.id,
      createdAt: at(1),
    });
    await createMessage(t.db, owner, borrower, { content: 'Sure', createdAt: at(2) });
    await t.db.update(lendingRequests).set({ status: 'accepted' }).where(eq(lendingRequests.id, request!.id));

    const response = await thread(owner, borrower.id);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Thread;
    expect(body.partner).toEqual({ id: borrower.id, name: 'Borrower', deleted: false });
    expect(body.messages.map((m) => [m.content, m.sender.name])).toEqual([
      ['May I?', 'Borrower'],
      ['Sure', 'Owner'],
    ]);
    expect(body.messages[0]!.lendingRequest).toEqual({
      id: request!.id,
      itemId: drill.id,
      itemName: 'Drill',
      ownerId: owner.id,
      requesterId: borrower.id,
      status: 'accepted',
      requestedFrom: '2026-03-02',
      expectedReturnDate: '2026-03-04',
    });
    expect(body.messages[0]!.systemEvent).toBe('request_created');
    expect(body.messages[1]!.lendingRequest).toBeNull();
  });

  it(`shows the latest ${THREAD_MESSAGE_LIMIT} messages, oldest first`, async () => {
    const me = await createUser(t.db);
    const chatty = await createUser(t.db);
    const total = THREAD_MESSAGE_LIMIT + 5;
    await t.db.insert(messages).values(
      Array.from({ length: total }, (_, i) => ({
        senderId: i % 2 ? me.id : chatty.id,
        receiverId: i % 2 ? chatty.id : me.id,
        content: `#${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      })),
    );
    const body = (await thread(me, chatty.id)).json() as Thread;
    expect(body.messages).toHaveLength(THREAD_MESSAGE_LIMIT);
    expect(body.messages[0]!.content).toBe('#5');
    expect(body.messages.at(-1)!.content).toBe(`#${total - 1}`);
  });

  it('shows an empty thread with someone in the network the actor has not written to yet', async () => {
    const me = await createUser(t.db);
    const neighbour = await createUser(t.db, { name: 'Neighbour' });
    const group = await createGroup(t.db, neighbour);
    await addMember(t.db, group, me);
    expect((await thread(me, neighbour.id)).json()).toEqual({
      partner: { id: neighbour.id, name: 'Neighbour', deleted: false },
      messages: [],
    });
  });
});

describe('message reads run a bounded number of queries', () => {
  /** Queries one request runs (signed in by cookie, so no session is created inside the count). */
  async function queriesFor(user: User, url: string) {
    const cookie = await t.cookieFor(user.id);
    const call = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
    await call();
    const before = t.database.queryCount();
    const response = await call();
    expect(response.statusCode).toBe(200);
    return t.database.queryCount() - before;
  }

  async function userWithPartners(count: number) {
    const me = await createUser(t.db);
    const partners = [];
    for (let i = 0; i < count; i++) partners.push(await createUser(t.db));
    await t.db.insert(messages).values(
      partners.flatMap((partner, i) => [
        { senderId: partner.id, receiverId: me.id, content: `in ${i}`, createdAt: at(i) },
        { senderId: me.id, receiverId: partner.id, content: `out ${i}`, createdAt: at(i + 1) },
        { senderId: partner.id, receiverId: me.id, content: `unread ${i}`, createdAt: at(i + 2) },
      ]),
    );
    return { me, partners };
  }

  it('the conversation list costs the same for 3 and 30 partners', async () => {
    const few = await userWithPartners(3);
    const many = await userWithPartners(30);
    const list = (await conversations(many.me)).json() as ConversationSummary[];
    expect(list).toHaveLength(30);
    expect(list.every((c) => c.unreadCount === 2)).toBe(true);
    const forFew = await queriesFor(few.me, `/api/conversations/${few.me.id}`);
    const forMany = await queriesFor(many.me, `/api/conversations/${many.me.id}`);
    expect(forMany).toBe(forFew);
    // Session lookup (+ its touch) and the one list query.
    expect(forMany).toBeLessThanOrEqual(3);
  });

  it('a thread costs the same for 3 and 90 messages', async () => {
    const few = await userWithPartners(1);
    const many = await userWithPartners(1);
    await t.db.insert(messages).values(
      Array.from({ length: 87 }, (_, i) => ({
        senderId: many.partners[0]!.id,
        receiverId: many.me.id,
        content: `more ${i}`,
      })),
    );
    const forFew = await queriesFor(few.me, `/api/conversations/${few.me.id}/${few.partners[0]!.id}`);
    const forMany = await queriesFor(many.me, `/api/conversations/${many.me.id}/${many.partners[0]!.id}`);
    expect(forMany).toBe(forFew);
  });
});
