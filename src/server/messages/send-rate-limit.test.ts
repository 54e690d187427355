import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { pinClockEarlyInWindow, restoreClockAfterEach } from '../../../tests/support/clock';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { LIMITS } from '../../contract/limits';
import { messages } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
restoreClockAfterEach();

describe('POST /api/messages rate limit', () => {
  it(`lets one account send ${LIMITS.messagesPerMinute} messages a minute, then answers 429 and stores nothing`, async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const carol = await createUser(t.db);
    await createMutualContacts(t.db, alice, bob);
    await createMutualContacts(t.db, carol, bob);
    const send = (from: { id: string }, content: string) =>
      t.request(from, { method: 'POST', url: '/api/messages', payload: { receiverId: bob.id, content } });

    pinClockEarlyInWindow(60_000);
    for (let i = 0; i < LIMITS.messagesPerMinute; i++) {
      expect((await send(alice, `Message ${i}`)).statusCode).toBe(201);
    }
    const refused = await send(alice, 'One too many');
    expect([refused.statusCode, refused.json()]).toMatchObject([429, { error: { code: 'too_many_requests' } }]);
    // Pinned one second into the minute: the rest of it.
    expect(refused.headers['retry-after']).toBe('59');
    const stored = await t.db.select().from(messages).where(eq(messages.senderId, alice.id));
    expect(stored).toHaveLength(LIMITS.messagesPerMinute);

    // The budget is per account: Carol is not held back by Alice.
    expect((await send(carol, 'Hello Bob')).statusCode).toBe(201);
  });

  it('counts refused sends too: probing who may be messaged spends the same budget', async () => {
    const dana = await createUser(t.db);
    const stranger = await createUser(t.db);
    const friend = await createUser(t.db);
    await createMutualContacts(t.db, dana, friend);
    const send = (receiverId: string) =>
      t.request(dana, { method: 'POST', url: '/api/messages', payload: { receiverId, content: 'Hi' } });

    pinClockEarlyInWindow(60_000);
    for (let i = 0; i < LIMITS.messagesPerMinute; i++) {
      const refused = await send(i % 2 === 0 ? stranger.id : crypto.randomUUID());
      expect(refused.json()).toMatchObject({ error: { code: 'message_recipient_not_allowed' } });
    }
    const limited = await send(friend.id);
    expect([limited.statusCode, limited.json()]).toMatchObject([429, { error: { code: 'too_many_requests' } }]);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, dana.id))).toEqual([]);
  });
});
