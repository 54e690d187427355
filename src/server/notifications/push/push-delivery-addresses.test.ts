import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { startFakePushService, type FakePushService } from '../../../../tests/support/fake-push-service';
import { createMutualContacts, createUser } from '../../../../tests/support/factories';
import { clearQueuedJobs } from '../../../../tests/support/jobs';
import { resolverOf } from '../../../../tests/support/resolver';
import { notifications, pushSubscriptions } from '../../db/schema';
import type { Resolve } from '../../outbound/checked-address';
import { createDeliverPushJob } from './deliver-push-job';

/**
 * Issue 32, finding 1, at the moment of sending: the endpoint is checked
 * again, its host resolved once, every address checked, and the connection
 * made to the address that was checked, whatever the push library parses.
 */
const logger = pino({ level: 'silent' });
const OPERATOR_HOST = 'push.lendloop.test';
let t: TestApp;
let service: FakePushService;

beforeAll(async () => {
  // Answers as push.lendloop.test (its certificate and endpoints), listening on 127.0.0.1.
  service = await startFakePushService({ hostname: OPERATOR_HOST });
  t = await createTestApp({ PUSH_ENDPOINT_HOSTS: OPERATOR_HOST });
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(async () => {
  service.received.length = 0;
  await clearQueuedJobs(t.database.pool);
});

/**
 * Bo has an unseen message notification; `endpoints` are stored straight in
 * the table, as rows saved before today's checks are, with keys that can be
 * encrypted to (so nothing but the address decides their fate).
 */
async function notificationWithDevices(endpoints: string[]) {
  const ada = await createUser(t.db);
  const bo = await createUser(t.db);
  await createMutualContacts(t.db, ada, bo);
  await t.request(ada, { method: 'POST', url: '/api/messages', payload: { receiverId: bo.id, content: 'Hi' } });
  const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, bo.id));
  await clearQueuedJobs(t.database.pool);
  for (const endpoint of endpoints) {
    await t.db.insert(pushSubscriptions).values({ userId: bo.id, endpoint, ...service.subscribe().keys });
  }
  const stored = async () =>
    (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bo.id))).map((s) => s.endpoint);
  return { notificationId: row!.id, stored };
}

const deliverWith = (resolve: Resolve) =>
  createDeliverPushJob({ db: t.db, push: t.config.push, logger, ca: service.certificatePem, resolve });

describe('push delivery connects only to the address it checked', () => {
  it('connects an operator-listed host name to the address it resolved once (the library does not look it up again)', async () => {
    const device = service.subscribe();
    expect(device.endpoint).toMatch(/^https:\/\/push\.lendloop\.test:\d+\/push\//);
    const { notificationId, stored } = await notificationWithDevices([]);
    const [bo] = await t.db.select().from(notifications).where(eq(notifications.id, notificationId));
    await t.db.insert(pushSubscriptions).values({ userId: bo!.userId, endpoint: device.endpoint, ...device.keys });
    // Nothing but this resolver knows push.lendloop.test: the push arrives only through the pinned address.
    const resolve = resolverOf({ [OPERATOR_HOST]: '127.0.0.1' });
    await deliverWith(resolve)({ notificationId });
    expect(service.received).toHaveLength(1);
    expect(resolve.asked).toEqual([OPERATOR_HOST]);
    expect(await stored()).toEqual([device.endpoint]);
  });

  it('removes a stored endpoint the legacy parser reads as another host, resolving and sending nothing', async () => {
    const smuggled = ['https://127.0.0.1;.push.apple.com/x', 'https://169.254.169.254%2e.push.apple.com/x'];
    const { notificationId, stored } = await notificationWithDevices(smuggled);
    const resolve = resolverOf({});
    await expect(deliverWith(resolve)({ notificationId })).resolves.toBeUndefined();
    expect(resolve.asked).toEqual([]);
    expect(await stored()).toEqual([]);
    expect(service.received).toEqual([]);
  });

  it('removes a known push service name that resolves to loopback, link-local, private or unique-local, sending nothing', async () => {
    const table = {
      'a.push.apple.com': '127.0.0.1',
      'b.push.apple.com': '::1',
      'c.push.apple.com': '169.254.169.254',
      'd.push.apple.com': '10.0.0.7',
      'e.push.apple.com': 'fd00::1',
      'f.push.apple.com': '::ffff:127.0.0.1',
    };
    const endpoints = Object.keys(table).map((host) => `https://${host}/push/x`);
    const { notificationId, stored } = await notificationWithDevices(endpoints);
    const resolve = resolverOf(table);
    await expect(deliverWith(resolve)({ notificationId })).resolves.toBeUndefined();
    expect(resolve.asked.sort()).toEqual(Object.keys(table));
    expect(await stored()).toEqual([]);
    expect(service.received).toEqual([]);
  });

  it('keeps a device whose host does not resolve now, and fails the job for a retry', async () => {
    const { notificationId, stored } = await notificationWithDevices(['https://gone.push.apple.com/push/x']);
    await expect(deliverWith(resolverOf({}))({ notificationId })).rejects.toThrow(/will retry/);
    expect(await stored()).toEqual(['https://gone.push.apple.com/push/x']);
  });
});
