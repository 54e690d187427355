import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Message, Thread } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createMessage, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { messages } from '../db/schema';
import { at, messageCalls, type User } from '../../../tests/support/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { conversations, thread, markRead, send, unreadCount } = messageCalls(() => t);
const errorCode = (response: { json(): unknown }) => (response.json() as { error: { code: string } }).error.code;
const issues = (response: { json(): unknown }) =>
  (response.json() as { error: { issues: { path: string; messageKey: string }[] } }).error.issues;

describe('messages: signed out', () => {
  it.each([
    ['GET', `/api/conversations/${crypto.randomUUID()}`],
    ['GET', `/api/conversations/${crypto.randomUUID()}/${crypto.randomUUID()}`],
    ['PUT', `/api/messages/read/${crypto.randomUUID()}/${crypto.randomUUID()}`],
    ['POST', '/api/messages'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await t.request(null, {
      method,
      url,
      payload: method === 'POST' ? { receiverId: crypto.randomUUID(), content: 'hi' } : undefined,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('messages: who reads and writes what', () => {
  let alice: User, bob: User, carol: User, dave: User;
  beforeAll(async () => {
    alice = await createUser(t.db, { name: 'Alice' });
    bob = await createUser(t.db, { name: 'Bob' });
    carol = await createUser(t.db, { name: 'Carol' });
    dave = await createUser(t.db, { name: 'Dave' });
    await createContact(t.db, alice, { contactUserId: bob.id });
    await createMessage(t.db, alice, bob, { content: 'Alice to Bob', createdAt: at(1) });
    await createMessage(t.db, bob, alice, { content: 'Bob to Alice', createdAt: at(2) });
    // Carol has her own conversation with Bob: it must never mix with Alice's.
    await createMessage(t.db, carol, bob, { content: 'Carol to Bob', createdAt: at(3) });
  });

  it("refuses another user's id in every path with 403", async () => {
    expect((await conversations(carol, alice.id)).statusCode).toBe(403);
    expect((await thread(carol, bob.id, alice.id)).statusCode).toBe(403);
    expect((await markRead(carol, bob.id, alice.id)).statusCode).toBe(403);
    const unread = await t.db.select().from(messages).where(eq(messages.receiverId, alice.id));
    expect(unread.every((m) => m.readAt === null)).toBe(true);
  });

  it('lists only the conversations the actor is part of', async () => {
    const forCarol = (await conversations(carol)).json() as ConversationSummary[];
    expect(forCarol.map((c) => [c.partnerName, c.lastMessage])).toEqual([['Bob', 'Carol to Bob']]);
    const forAlice = (await conversations(alice)).json() as ConversationSummary[];
    expect(forAlice.map((c) => [c.partnerName, c.lastMessage])).toEqual([['Bob', 'Bob to Alice']]);
  });

  it("shows each pair only its own thread; a stranger's or unknown id is 404", async () => {
    const carolsThread = (await thread(carol, bob.id)).json() as Thread;
    expect(carolsThread.messages.map((m) => m.content)).toEqual(['Carol to Bob']);
    const bobsWithAlice = (await thread(bob, alice.id)).json() as Thread;
    expect(bobsWithAlice.messages.map((m) => m.content)).toEqual(['Alice to Bob', 'Bob to Alice']);
    // Carol and Alice share nothing: not even Alice's name is revealed.
    expect((await thread(carol, alice.id)).statusCode).toBe(404);
    expect((await thread(carol, crypto.randomUUID())).statusCode).toBe(404);
    expect((await thread(carol, carol.id)).statusCode).toBe(404);
  });

  it("marks only the partner's messages to the actor as read", async () => {
    await createMessage(t.db, bob, carol, { content: 'Bob to Carol' });
    expect(await unreadCount(alice)).toBe(1);
    // Carol reading her conversation with Bob leaves Alice's unread message from Bob alone.
    expect((await markRead(carol, bob.id)).statusCode).toBe(204);
    expect(await unreadCount(carol)).toBe(0);
    expect(await unreadCount(alice)).toBe(1);
    // Marking someone she has never talked to read changes nothing and reveals nothing.
    expect((await markRead(carol, alice.id)).statusCode).toBe(204);
    expect(await unreadCount(alice)).toBe(1);
  });

  it('never sends as someone else', async () => {
    const response = await send(carol, { senderId: alice.id, receiverId: bob.id, content: 'Forged' });
    expect(response.statusCode).toBe(403);
    const forged = await t.db.select().from(messages).where(eq(messages.content, 'Forged'));
    expect(forged).toEqual([]);
  });

  it('takes the sender’s own id in senderId, as spec §7 and the client send it', async () => {
    const response = await send(alice, { senderId: alice.id, receiverId: bob.id, content: 'Signed as myself' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ senderId: alice.id, receiverId: bob.id, content: 'Signed as myself' });
  });

  it('sends to someone who answered, or a group co-member (the full rule: consent.test.ts)', async () => {
    const group = await createGroup(t.db, alice);
    await addMember(t.db, group, dave);
    const cases: [User, User][] = [
      [alice, bob], // Bob wrote to Alice ('Bob to Alice'); Bob is also only in Alice's book
      [bob, alice], // Alice wrote to Bob
      [alice, dave], // shared group
      [carol, bob], // Bob answered Carol ('Bob to Carol', the test above)
    ];
    for (const [from, to] of cases) {
      const response = await send(from, { senderId: from.id, receiverId: to.id, content: `${from.name} says hi` });
      expect(response.statusCode, `${from.name} → ${to.name}`).toBe(201);
      const message = response.json() as Message;
      expect(message).toMatchObject({
        senderId: from.id,
        receiverId: to.id,
        content: `${from.name} says hi`,
        messageType: 'user',
        systemEvent: null,
        readAt: null,
        sender: { name: from.name },
        lendingRequest: null,
        networkRequest: null,
      });
    }
  });

  it('refuses strangers, unknown ids and oneself', async () => {
    const toStranger = await send(carol, { receiverId: alice.id, content: 'Hello stranger' });
    expect([toStranger.statusCode, errorCode(toStranger)]).toEqual([403, 'message_recipient_not_allowed']);
    const toNobody = await send(carol, { receiverId: crypto.randomUUID(), content: 'Hello?' });
    expect([toNobody.statusCode, errorCode(toNobody)]).toEqual([403, 'message_recipient_not_allowed']);
    const toSelf = await send(carol, { receiverId: carol.id, content: 'Note to self' });
    expect(toSelf.statusCode).toBe(400);
    expect(issues(toSelf)).toEqual([{ path: 'receiverId', messageKey: 'errors.invalid_input' }]);
  });

  it.each([
    ['blank', '   \n ', 'validation.messageRequired'],
    ['missing', undefined, 'validation.messageRequired'],
    ['too long', 'x'.repeat(501), 'validation.messageTooLong'],
    ['with a control character', 'bell\u0007', 'validation.invalidCharacters'],
  ])('refuses a %s message with its message key', async (_label, content, messageKey) => {
    const response = await send(alice, { receiverId: bob.id, content });
    expect(response.statusCode).toBe(400);
    expect(issues(response)).toEqual([{ path: 'content', messageKey }]);
  });

  it('accepts exactly 500 characters, trimmed', async () => {
    const response = await send(alice, { receiverId: bob.id, content: `  ${'y'.repeat(500)}  ` });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Message).content).toBe('y'.repeat(500));
  });
});
