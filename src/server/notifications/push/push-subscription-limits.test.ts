import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { startFakePushService, type FakePushService } from '../../../../tests/support/fake-push-service';
import { createMutualContacts, createUser } from '../../../../tests/support/factories';
import { clearQueuedJobs } from '../../../../tests/support/jobs';
import { fakePushKeys } from '../../../../tests/support/push-keys';
import { notifications, pushSubscriptions } from '../../db/schema';
import { createDeliverPushJob } from './deliver-push-job';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from './save-push-subscription';

const logger = pino({ level: 'silent' });
let t: TestApp;
let service: FakePushService;

beforeAll(async () => {
  service = await startFakePushService();
  // The loopback push service is the only one the server may reach in these tests.
  t = await createTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
  // Trusts exactly the fake service's self-signed certificate (tests only).
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(() => {
  service.received.length = 0;
});

let n = 0;
const fcmDevice = () => {
  n += 1;
  return { endpoint: `https://fcm.googleapis.com/fcm/send/cap-${n}`, keys: fakePushKeys() };
};
const post = (user: { id: string }, payload: Record<string, unknown>) =>
  t.request(user, { method: 'POST', url: '/api/push/subscriptions', payload });
const endpointsOf = async (userId: string) =>
  (
    await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.endpoint))
  ).map((row) => row.endpoint);

describe('at most 20 push devices per account', () => {
  it('a 21st replaces the device that took a push (or subscribed) longest ago; other accounts keep theirs', async () => {
    const ada = await createUser(t.db);
    const bo = await createUser(t.db);
    const bosDevice = fcmDevice();
    expect((await post(bo, bosDevice)).statusCode).toBe(201);

    const devices = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER }, fcmDevice);
    for (const device of devices) expect((await post(ada, device)).statusCode).toBe(201);
    // Dates that tell them apart: devices[0] subscribed first but took a push yesterday, devices[1] never did.
    const day = 24 * 60 * 60 * 1000;
    for (const [i, device] of devices.entries()) {
      await t.db
        .update(pushSubscriptions)
        .set({ createdAt: new Date(Date.now() - (30 - i) * day) })
        .where(eq(pushSubscriptions.endpoint, device.endpoint));
    }
    await t.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: new Date(Date.now() - day) })
      .where(eq(pushSubscriptions.endpoint, devices[0]!.endpoint));

    const newest = fcmDevice();
    expect((await post(ada, newest)).statusCode).toBe(201);
    const kept = await endpointsOf(ada.id);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).toContain(newest.endpoint);
    expect(kept).toContain(devices[0]!.endpoint);
    expect(kept).not.toContain(devices[1]!.endpoint);
    expect(await endpointsOf(bo.id)).toEqual([bosDevice.endpoint]);

    // Refreshing a device that is already stored removes nothing.
    expect((await post(ada, { ...newest, keys: fakePushKeys() })).statusCode).toBe(201);
    expect(await endpointsOf(ada.id)).toEqual(kept);
  });

  it('holds when many subscribe at once', async () => {
    const ada = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 5 }, () => post(ada, fcmDevice())),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    expect(await endpointsOf(ada.id)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  });
});

describe('push keys of the wrong size', () => {
  it.each([
    ['a p256dh of 64 bytes', { p256dh: Buffer.alloc(64, 4).toString('base64url') }],
    ['a p256dh of 66 bytes', { p256dh: Buffer.alloc(66, 4).toString('base64url') }],
    ['a compressed point (0x02)', { p256dh: Buffer.concat([Buffer.of(2), Buffer.alloc(64, 7)]).toString('base64url') }],
    ['an auth secret of 12 bytes', { auth: Buffer.alloc(12, 1).toString('base64url') }],
    ['an auth secret of 32 bytes', { auth: Buffer.alloc(32, 1).toString('base64url') }],
  ])('%s is refused with a translatable message', async (_name, keys) => {
    const ada = await createUser(t.db);
    const device = fcmDevice();
    const response = await post(ada, { ...device, keys: { ...device.keys, ...keys } });
    expect(response.statusCode).toBe(400);
    const [field] = Object.keys(keys);
    expect(response.json().error.issues).toEqual([{ path: `keys.${field}`, messageKey: 'validation.pushKeysInvalid' }]);
    expect(await endpointsOf(ada.id)).toEqual([]);
  });

  it('padded base64url keys of the right size are accepted', async () => {
    const ada = await createUser(t.db);
    const device = fcmDevice();
    const keys = { p256dh: `${device.keys.p256dh}=`, auth: `${device.keys.auth}==` };
    expect((await post(ada, { ...device, keys })).statusCode).toBe(201);
  });
});

describe('a stored subscription whose keys cannot be encrypted to', () => {
  async function notificationFor() {
    const ada = await createUser(t.db, { name: 'Ada' });
    const bo = await createUser(t.db);
    await createMutualContacts(t.db, ada, bo);
    await t.request(ada, { method: 'POST', url: '/api/messages', payload: { receiverId: bo.id, content: 'Hi' } });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, bo.id));
    await clearQueuedJobs(t.database.pool);
    return { bo, notificationId: row!.id };
  }

  /** Written straight to the table, as rows saved before the API checked keys are: random bytes are no curve point. */
  async function storeUnusable(userId: string) {
    const endpoint = service.subscribe().endpoint;
    await t.db.insert(pushSubscriptions).values({ userId, endpoint, ...fakePushKeys() });
    return endpoint;
  }

  const deliverPush = () => createDeliverPushJob({ db: t.db, push: t.config.push, logger, ca: service.certificatePem });

  it('is removed; the job succeeds and the good device gets the push', async () => {
    const { bo, notificationId } = await notificationFor();
    const good = service.subscribe();
    await t.db.insert(pushSubscriptions).values({ userId: bo.id, endpoint: good.endpoint, ...good.keys });
    const unusable = await storeUnusable(bo.id);
    await deliverPush()({ notificationId });
    expect(await endpointsOf(bo.id)).toEqual([good.endpoint]);
    expect(service.received).toHaveLength(1);
    expect(unusable).not.toBe(good.endpoint);
  });

  it('alone: removed, and the job does not fail (no 25 retries for keys that never work)', async () => {
    const { bo, notificationId } = await notificationFor();
    await storeUnusable(bo.id);
    await expect(deliverPush()({ notificationId })).resolves.toBeUndefined();
    expect(await endpointsOf(bo.id)).toEqual([]);
    expect(service.received).toEqual([]);
  });
});
