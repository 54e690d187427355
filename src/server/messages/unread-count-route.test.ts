import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { messages } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/messages/unread-count', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/unread-count' })).statusCode).toBe(401);
  });

  it("counts only the actor's unread received messages", async () => {
    const reader = await createUser(t.db);
    const sender = await createUser(t.db);
    await t.db.insert(messages).values([
      { senderId: sender.id, receiverId: reader.id, content: 'one' },
      { senderId: sender.id, receiverId: reader.id, content: 'two' },
      { senderId: sender.id, receiverId: reader.id, content: 'read', readAt: new Date() },
      { senderId: reader.id, receiverId: sender.id, content: 'sent by the reader' },
    ]);
    const forReader = await t.app.inject({
      method: 'GET',
      url: '/api/messages/unread-count',
      headers: { cookie: await t.cookieFor(reader.id) },
    });
    expect(forReader.json()).toEqual({ count: 2 });
    const forSender = await t.app.inject({
      method: 'GET',
      url: '/api/messages/unread-count',
      headers: { cookie: await t.cookieFor(sender.id) },
    });
    expect(forSender.json()).toEqual({ count: 1 });
  });
});
