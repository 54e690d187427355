import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { startFakePushService, type FakePushService } from '../../../../tests/support/fake-push-service';
import { createMutualContacts, createUser } from '../../../../tests/support/factories';
import { createGroup } from '../../../../tests/support/group-factories';
import { clearQueuedJobs } from '../../../../tests/support/jobs';
import { borrowPayload, lendingParties } from '../../../../tests/support/lending';
import { pushDelivery } from '../../../../tests/support/push-delivery';
import { messages, notifications, pushSubscriptions, userBlocks, users } from '../../db/schema';
import { writeMessages } from '../../message-writer/write-messages';

let t: TestApp;
let service: FakePushService;

beforeAll(async () => {
  service = await startFakePushService();
  // The loopback push service is the only one the server may reach in these tests.
  t = await createTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
  // Trusts exactly the fake service's self-signed certificate (tests only: production uses Node's CAs).
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(async () => {
  service.received.length = 0;
  await clearQueuedJobs(t.database.pool);
});

const { deliverPush, runJobs, subscribe, pushesTo } = pushDelivery(
  () => t,
  () => service,
);

describe('events reach the recipient’s devices by Web Push', () => {
  it('a borrow request, its answer and the hand-overs, each in the recipient’s language, with a link to the thread', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, owner.id));
    const ownerDevice = await subscribe(owner);
    const requesterDevice = await subscribe(requester);

    const created = await t.request(requester, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(item.id),
    });
    expect(created.statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(ownerDevice.endpoint).map((push) => push.message)).toEqual([
      {
        title: 'Bob möchte Drill ausleihen',
        body: 'Nimm die Anfrage an oder lehne sie ab.',
        url: `/messages?with=${requester.id}`,
        tag: expect.any(String),
      },
    ]);
    const [push] = pushesTo(ownerDevice.endpoint);
    expect(push).toMatchObject({ ttl: '86400', urgency: 'high', vapidKey: t.config.push.vapid.publicKey });
    expect(service.refused).toEqual([]);

    const requestId = (created.json() as { id: string }).id;
    for (const status of ['accepted', 'borrowed', 'returned'] as const) {
      const step = await t.request(owner, {
        method: 'PUT',
        url: `/api/lending-requests/${requestId}`,
        payload: { status },
      });
      expect(step.statusCode).toBe(200);
    }
    await runJobs();
    expect(pushesTo(requesterDevice.endpoint).map((p) => p.message.title)).toEqual([
      'Alice said yes!',
      'Drill was handed over',
      'Drill is back',
    ]);
    expect(pushesTo(requesterDevice.endpoint).map((p) => p.urgency)).toEqual(['high', 'normal', 'normal']);
    const kinds = await t.db
      .select({ kind: notifications.kind, event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, requester.id));
    expect(kinds.map((k) => `${k.kind}:${k.event}`).sort()).toEqual([
      'handover:item_borrowed',
      'handover:item_returned',
      'request_answered:request_accepted',
    ]);
  });

  it('a message, in French for a French reader', async () => {
    const ada = await createUser(t.db, { name: 'Ada' });
    const bo = await createUser(t.db, { name: 'Bo', language: 'fr' });
    await createMutualContacts(t.db, ada, bo);
    const device = await subscribe(bo);
    const sent = await t.request(ada, {
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: bo.id, content: 'Hello there' },
    });
    expect(sent.statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(device.endpoint).map((p) => p.message)).toEqual([
      {
        title: 'Nouveau message de Ada',
        body: 'Touche pour le lire et répondre.',
        url: `/messages?with=${ada.id}`,
        tag: expect.any(String),
      },
    ]);
  });

  it('a network request reaches everyone in the network', async () => {
    const asker = await createUser(t.db, { name: 'Ada' });
    const friends = [await createUser(t.db), await createUser(t.db, { language: 'it' })];
    for (const friend of friends) await createMutualContacts(t.db, asker, friend);
    const devices = [await subscribe(friends[0]!), await subscribe(friends[1]!)];
    const asked = await t.request(asker, {
      method: 'POST',
      url: '/api/network-requests',
      payload: { title: 'Ladder' },
    });
    expect(asked.statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(devices[0]!.endpoint).map((p) => p.message.title)).toEqual(['Ada is looking for Ladder']);
    expect(pushesTo(devices[1]!.endpoint).map((p) => p.message.title)).toEqual(['Ada cerca Ladder']);
    expect(pushesTo(devices[1]!.endpoint)[0]?.urgency).toBe('normal');
  });

  it('a join request reaches the group’s admin, with a link to the group', async () => {
    const admin = await createUser(t.db);
    const group = await createGroup(t.db, admin, { name: 'Climbers' });
    const joiner = await createUser(t.db, { name: 'Cy' });
    const device = await subscribe(admin);
    const asked = await t.request(joiner, {
      method: 'POST',
      url: `/api/groups/${group.id}/join-requests`,
      payload: { requestMessage: 'Hi' },
    });
    expect(asked.statusCode).toBe(201);
    await runJobs();
    expect(pushesTo(device.endpoint).map((p) => p.message)).toEqual([
      {
        title: 'Cy wants to join Climbers',
        body: 'Approve or decline the request.',
        url: `/groups/${group.id}`,
        tag: expect.any(String),
      },
    ]);
  });
});

describe('what is not pushed', () => {
  it('follows the preferences: push off for a kind sends nothing for it', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const device = await subscribe(owner);
    const defaults = (await t.request(owner, { method: 'GET', url: '/api/notifications/preferences' })).json();
    const saved = await t.request(owner, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { ...defaults, borrow_request: { push: false, email: true } },
    });
    expect(saved.statusCode).toBe(200);
    await t.request(requester, { method: 'POST', url: '/api/lending-requests', payload: borrowPayload(item.id) });
    await runJobs();
    expect(pushesTo(device.endpoint)).toEqual([]);
    // The notification is still recorded, for the email digest.
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(rows.map((row) => row.event)).toEqual(['request_created']);
  });

  it('nothing for a message already read in the app before the push went out', async () => {
    const ada = await createUser(t.db);
    const bo = await createUser(t.db);
    await createMutualContacts(t.db, ada, bo);
    const device = await subscribe(bo);
    await t.request(ada, { method: 'POST', url: '/api/messages', payload: { receiverId: bo.id, content: 'Hi' } });
    await t.db.update(messages).set({ readAt: new Date() }).where(eq(messages.receiverId, bo.id));
    await runJobs();
    expect(pushesTo(device.endpoint)).toEqual([]);
  });

  it('no notification to a deleted account or across a block; the others are notified', async () => {
    const ada = await createUser(t.db);
    const [gone, blocker, friend] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    await t.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: ada.id });
    // Straight through insertMessages: the use cases refuse these people earlier; the hook must hold on its own.
    await t.db.transaction((tx) =>
      writeMessages(
        tx,
        [gone, blocker, friend].map((receiver) => ({
          senderId: ada.id,
          receiverId: receiver.id,
          content: 'Hi',
          messageType: 'user' as const,
        })),
      ),
    );
    const rows = await t.db.select({ userId: notifications.userId }).from(notifications);
    const notified = rows.map((row) => row.userId);
    expect(notified).toContain(friend.id);
    expect(notified).not.toContain(gone.id);
    expect(notified).not.toContain(blocker.id);
  });
});

describe('delivery', () => {
  async function oneNotification() {
    const ada = await createUser(t.db, { name: 'Ada' });
    const bo = await createUser(t.db);
    await createMutualContacts(t.db, ada, bo);
    await t.request(ada, { method: 'POST', url: '/api/messages', payload: { receiverId: bo.id, content: 'Hi' } });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, bo.id));
    await clearQueuedJobs(t.database.pool);
    return { bo, notificationId: row!.id };
  }

  it('a job that runs again does not push twice', async () => {
    const { bo, notificationId } = await oneNotification();
    const device = await subscribe(bo);
    const job = deliverPush();
    await job({ notificationId });
    await job({ notificationId });
    expect(pushesTo(device.endpoint)).toHaveLength(1);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, notificationId));
    expect(row?.pushedAt).toBeInstanceOf(Date);
  });

  it('a push service error fails the job for a retry, which then pushes once', async () => {
    const { bo, notificationId } = await oneNotification();
    const device = await subscribe(bo);
    service.answerWith(device.endpoint, 503);
    const job = deliverPush();
    await expect(job({ notificationId })).rejects.toThrow(/retry/);
    const [released] = await t.db.select().from(notifications).where(eq(notifications.id, notificationId));
    expect(released?.pushedAt).toBeNull();
    service.answerWith(device.endpoint, 201);
    await job({ notificationId });
    await job({ notificationId });
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });

  it.each([404, 410])(
    'a %i from the push service removes the subscription; the others still get it',
    async (status) => {
      const { bo, notificationId } = await oneNotification();
      const gone = await subscribe(bo);
      const kept = await subscribe(bo);
      service.answerWith(gone.endpoint, status);
      await deliverPush()({ notificationId });
      const left = await t.db
        .select({ endpoint: pushSubscriptions.endpoint, lastSuccessAt: pushSubscriptions.lastSuccessAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, bo.id));
      expect(left.map((row) => row.endpoint)).toEqual([kept.endpoint]);
      expect(left[0]?.lastSuccessAt).toBeInstanceOf(Date);
      expect(pushesTo(kept.endpoint)).toHaveLength(1);
    },
  );
});
