import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { startFakePushService, type FakePushService } from '../../../tests/support/fake-push-service';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { clearQueuedJobs } from '../../../tests/support/jobs';
import { pushDelivery } from '../../../tests/support/push-delivery';
import { conversationReaders, userBlocks } from '../db/schema';
import { LIVE_READERS_PER_USER } from './conversation-readers';

/**
 * Issue 33 item 12, docs/decisions/0045: no push about a message while its
 * recipient reads the conversation it is in. The tab says so through
 * PUT/DELETE /api/conversations/{userId}/readers/{readerId}; the push job
 * checks it when it claims the notification.
 */
let t: TestApp;
let service: FakePushService;

beforeAll(async () => {
  service = await startFakePushService();
  // The loopback push service is the only one the server may reach in these tests.
  t = await createTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(async () => {
  service.received.length = 0;
  await clearQueuedJobs(t.database.pool);
});

const { runJobs, subscribe, pushesTo } = pushDelivery(
  () => t,
  () => service,
);

const readerUrl = (userId: string, readerId: string) => `/api/conversations/${userId}/readers/${readerId}`;

function startReading(user: { id: string }, partnerId: string, readerId = randomUUID()) {
  return t.request(user, { method: 'PUT', url: readerUrl(user.id, readerId), payload: { partnerId } });
}

const send = (from: { id: string }, to: { id: string }, content: string) =>
  t.request(from, { method: 'POST', url: '/api/messages', payload: { receiverId: to.id, content } });

/** Two people who may write to each other, the second with a device that takes pushes. */
async function pairWithDevice() {
  const ada = await createUser(t.db, { name: 'Ada' });
  const bo = await createUser(t.db, { name: 'Bo' });
  await createMutualContacts(t.db, ada, bo);
  const device = await subscribe(bo);
  return { ada, bo, device };
}

/** Moves a reader's expiry into the past, as the passing of a minute without a heartbeat would. */
const expireReaders = (userId: string) =>
  t.db
    .update(conversationReaders)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(conversationReaders.userId, userId));

describe('PUT and DELETE /api/conversations/{userId}/readers/{readerId}', () => {
  it('answers 401 when signed out', async () => {
    const ada = await createUser(t.db);
    const bo = await createUser(t.db);
    const url = readerUrl(ada.id, randomUUID());
    expect((await t.request(null, { method: 'PUT', url, payload: { partnerId: bo.id } })).statusCode).toBe(401);
    expect((await t.request(null, { method: 'DELETE', url })).statusCode).toBe(401);
  });

  it('refuses another person’s path (403) and a partner whose thread the actor may not read (404)', async () => {
    const { ada, bo } = await pairWithDevice();
    const stranger = await createUser(t.db);
    const asStranger = { method: 'PUT' as const, url: readerUrl(ada.id, randomUUID()), payload: { partnerId: bo.id } };
    expect((await t.request(stranger, asStranger)).statusCode).toBe(403);
    expect((await t.request(stranger, { method: 'DELETE', url: readerUrl(ada.id, randomUUID()) })).statusCode).toBe(
      403,
    );
    expect((await startReading(stranger, bo.id)).statusCode).toBe(404);
    expect((await startReading(ada, ada.id)).statusCode).toBe(404);
    expect((await startReading(ada, randomUUID())).statusCode).toBe(404);
    expect(await t.db.select().from(conversationReaders)).toEqual([]);
  });

  it('bad input is a 400 with a message, never a row', async () => {
    const ada = await createUser(t.db);
    const bad = await t.request(ada, { method: 'PUT', url: readerUrl(ada.id, 'tab-1'), payload: { partnerId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_input', messageKey: 'errors.invalid_input' } });
  });

  it('records the rightful reader, moves it to another thread, and forgets it on DELETE; only their own row', async () => {
    const { ada, bo } = await pairWithDevice();
    const cy = await createUser(t.db);
    await createMutualContacts(t.db, bo, cy);
    const tab = randomUUID();
    expect((await startReading(bo, ada.id, tab)).statusCode).toBe(204);
    expect((await startReading(bo, cy.id, tab)).statusCode).toBe(204);
    const rows = await t.db.select().from(conversationReaders).where(eq(conversationReaders.userId, bo.id));
    expect(rows.map((row) => row.partnerId)).toEqual([cy.id]);

    // The same reader id under another person is another row: nobody reaches a row not theirs.
    expect((await startReading(ada, bo.id, tab)).statusCode).toBe(204);
    expect((await t.request(bo, { method: 'DELETE', url: readerUrl(bo.id, tab) })).statusCode).toBe(204);
    const left = await t.db.select().from(conversationReaders);
    expect(left.map((row) => row.userId)).toEqual([ada.id]);
  });

  it('keeps at most LIVE_READERS_PER_USER live readers per person and clears expired ones as it records', async () => {
    const { ada, bo } = await pairWithDevice();
    for (let i = 0; i < LIVE_READERS_PER_USER + 3; i += 1)
      expect((await startReading(bo, ada.id)).statusCode).toBe(204);
    const count = async () =>
      (await t.db.select().from(conversationReaders).where(eq(conversationReaders.userId, bo.id))).length;
    expect(await count()).toBe(LIVE_READERS_PER_USER);
    await expireReaders(bo.id);
    expect((await startReading(bo, ada.id)).statusCode).toBe(204);
    expect(await count()).toBe(1);
  });
});

describe('no push about a conversation its recipient is reading', () => {
  it('a message arriving while the thread is on the recipient’s screen is not pushed; after they leave it is', async () => {
    const { ada, bo, device } = await pairWithDevice();
    const tab = randomUUID();
    expect((await startReading(bo, ada.id, tab)).statusCode).toBe(204);
    expect((await send(ada, bo, 'Are you there?')).statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(device.endpoint)).toEqual([]);

    expect((await t.request(bo, { method: 'DELETE', url: readerUrl(bo.id, tab) })).statusCode).toBe(204);
    expect((await send(ada, bo, 'Still there?')).statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });

  it('reading another conversation, or a reader that expired, holds nothing back', async () => {
    const { ada, bo, device } = await pairWithDevice();
    const cy = await createUser(t.db);
    await createMutualContacts(t.db, bo, cy);
    expect((await startReading(bo, cy.id)).statusCode).toBe(204);
    expect((await send(ada, bo, 'One')).statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(device.endpoint)).toHaveLength(1);

    expect((await startReading(bo, ada.id)).statusCode).toBe(204);
    await expireReaders(bo.id);
    expect((await send(ada, bo, 'Two')).statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(device.endpoint)).toHaveLength(2);
  });

  it('the sender reading the same conversation does not hold back the recipient’s push', async () => {
    const { ada, bo, device } = await pairWithDevice();
    expect((await startReading(ada, bo.id)).statusCode).toBe(204);
    expect((await send(ada, bo, 'Hello')).statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });

  it('a reader whose partner blocked them since cannot stay recorded through a new heartbeat', async () => {
    const { ada, bo } = await pairWithDevice();
    // Bo blocks Ada: Bo no longer reads that thread, so a heartbeat for it is refused like a stranger's.
    await t.db.insert(userBlocks).values({ blockerId: bo.id, blockedId: ada.id });
    expect((await startReading(bo, ada.id)).statusCode).toBe(404);
  });
});
