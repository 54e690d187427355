import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { fakePushKeys } from '../../../tests/support/push-keys';
import { NOTIFICATION_KINDS } from '../../contract/enums';
import { notificationSettingsSchema, pushDevicesSchema } from '../../contract/schemas/notifications';
import { pushSubscriptions } from '../db/schema';
import { DEFAULT_NOTIFICATION_PREFERENCES } from './notification-preferences';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUSH_ENDPOINT_HOSTS: 'push.example.test, *.selfhosted.test' });
});
afterAll(() => t.close());

let n = 0;
/** A subscription as PushSubscription.toJSON() gives it (the server checks the keys' sizes only). */
function browserSubscription(host = 'fcm.googleapis.com') {
  n += 1;
  return {
    endpoint: `https://${host}/fcm/send/device-${n}-${Date.now()}`,
    keys: fakePushKeys(),
    expirationTime: null,
  };
}

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

describe('who may call the notification routes', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    const calls = [
      { method: 'GET', url: '/api/notifications/preferences' },
      { method: 'PUT', url: '/api/notifications/preferences', payload: DEFAULT_NOTIFICATION_PREFERENCES },
      { method: 'GET', url: '/api/push/public-key' },
      { method: 'GET', url: '/api/push/subscriptions' },
      { method: 'POST', url: '/api/push/subscriptions', payload: browserSubscription() },
      { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: browserSubscription().endpoint } },
    ] as const;
    for (const call of calls) expect((await t.request(null, call)).statusCode, call.url).toBe(401);
  });
});

describe('GET/PUT /api/notifications/preferences', () => {
  it('gives the defaults, then what the person saved; each person only their own', async () => {
    const ada = await createUser(t.db);
    const bo = await createUser(t.db);
    const initial = await t.request(ada, { method: 'GET', url: '/api/notifications/preferences' });
    expect(initial.statusCode).toBe(200);
    // This test server has no SMTP_URL: it says so, for the profile to explain the email switches.
    expect(initial.json()).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, emailAvailable: false });

    const chosen = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      message: { push: false, email: false },
      handover: { push: true, email: true },
    };
    const saved = await t.request(ada, { method: 'PUT', url: '/api/notifications/preferences', payload: chosen });
    expect(saved.statusCode).toBe(200);
    expect(notificationSettingsSchema.parse(saved.json())).toEqual({ ...chosen, emailAvailable: false });
    expect((await t.request(ada, { method: 'GET', url: '/api/notifications/preferences' })).json()).toEqual({
      ...chosen,
      emailAvailable: false,
    });
    // Bo is untouched: the route writes the session's person only.
    expect((await t.request(bo, { method: 'GET', url: '/api/notifications/preferences' })).json()).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailAvailable: false,
    });
  });

  it('says email is available when the server has SMTP configured', async () => {
    const withMail = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Lendloop <a@lendloop.test>',
    });
    try {
      const ada = await createUser(withMail.db);
      const read = await withMail.request(ada, { method: 'GET', url: '/api/notifications/preferences' });
      expect(read.json()).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, emailAvailable: true });
      const saved = await withMail.request(ada, {
        method: 'PUT',
        url: '/api/notifications/preferences',
        payload: DEFAULT_NOTIFICATION_PREFERENCES,
      });
      expect(saved.json()).toMatchObject({ emailAvailable: true });
    } finally {
      await withMail.close();
    }
  });

  it('refuses an incomplete or malformed set with 400', async () => {
    const ada = await createUser(t.db);
    const { message: _dropped, ...missingOne } = DEFAULT_NOTIFICATION_PREFERENCES;
    for (const payload of [
      missingOne,
      { ...DEFAULT_NOTIFICATION_PREFERENCES, message: { push: 'yes', email: true } },
    ]) {
      const response = await t.request(ada, { method: 'PUT', url: '/api/notifications/preferences', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
    }
    expect(Object.keys(DEFAULT_NOTIFICATION_PREFERENCES).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});

describe('push subscriptions', () => {
  it('gives the VAPID public key to a signed-in person', async () => {
    const ada = await createUser(t.db);
    const response = await t.request(ada, { method: 'GET', url: '/api/push/public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: t.config.push.vapid.publicKey });
    // An uncompressed P-256 point, as pushManager.subscribe wants it.
    expect(Buffer.from(t.config.push.vapid.publicKey, 'base64url')).toHaveLength(65);
  });

  it('stores this device, refreshes it on a second subscribe, and lists it without its keys', async () => {
    const ada = await createUser(t.db);
    const device = browserSubscription();
    const first = await t.request(ada, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: device,
      headers: { 'user-agent': CHROME_ON_ANDROID },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      deviceLabel: 'Chrome · Android',
      endpoint: device.endpoint,
      lastSuccessAt: null,
    });
    const renewed = { ...device, keys: fakePushKeys() };
    expect(
      (await t.request(ada, { method: 'POST', url: '/api/push/subscriptions', payload: renewed })).statusCode,
    ).toBe(201);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...renewed.keys, userId: ada.id });

    const listed = await t.request(ada, { method: 'GET', url: '/api/push/subscriptions' });
    expect(listed.statusCode).toBe(200);
    expect(pushDevicesSchema.parse(listed.json()).map((d) => d.endpoint)).toEqual([device.endpoint]);
    expect(JSON.stringify(listed.json())).not.toContain(renewed.keys.auth);
    expect(JSON.stringify(listed.json())).not.toContain(renewed.keys.p256dh);
  });

  it('moves a browser’s subscription to the account that subscribes there now', async () => {
    const ada = await createUser(t.db);
    const bo = await createUser(t.db);
    const device = browserSubscription();
    await t.request(ada, { method: 'POST', url: '/api/push/subscriptions', payload: device });
    await t.request(bo, { method: 'POST', url: '/api/push/subscriptions', payload: device });
    expect((await t.request(ada, { method: 'GET', url: '/api/push/subscriptions' })).json()).toEqual([]);
    expect((await t.request(bo, { method: 'GET', url: '/api/push/subscriptions' })).json()).toHaveLength(1);
  });

  it('accepts only https endpoints of known push services and of the configured hosts (no SSRF)', async () => {
    const ada = await createUser(t.db);
    const accepted = [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'wns2-par02p.notify.windows.com',
      'push.example.test',
      'a.selfhosted.test',
    ];
    for (const host of accepted) {
      const response = await t.request(ada, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: browserSubscription(host),
      });
      expect(response.statusCode, host).toBe(201);
    }
    const refused = [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost:3000/api/items',
      'https://fcm.googleapis.com.evil.test/x',
      'https://evilpush.services.mozilla.com.test/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://selfhosted.test/x',
      'not a url',
    ];
    for (const endpoint of refused) {
      const response = await t.request(ada, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { ...browserSubscription(), endpoint },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.issues).toEqual([
        { path: 'endpoint', messageKey: 'validation.pushEndpointNotAllowed' },
      ]);
    }
  });

  it('refuses malformed keys with 400', async () => {
    const ada = await createUser(t.db);
    const response = await t.request(ada, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { ...browserSubscription(), keys: { p256dh: 'not base64!', auth: '' } },
    });
    expect(response.statusCode).toBe(400);
  });

  it('deletes by endpoint: the owner gets 204, a stranger 404 and the row stays', async () => {
    const ada = await createUser(t.db);
    const stranger = await createUser(t.db);
    const device = browserSubscription();
    await t.request(ada, { method: 'POST', url: '/api/push/subscriptions', payload: device });
    const byStranger = await t.request(stranger, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(byStranger.statusCode).toBe(404);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toHaveLength(1);
    const byOwner = await t.request(ada, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(byOwner.statusCode).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual(
      [],
    );
  });
});
