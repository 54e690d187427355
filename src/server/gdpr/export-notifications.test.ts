import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedAccount } from '../../../tests/support/account-export';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { notificationPreferences, notifications, pushSubscriptions } from '../db/schema';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../notifications/notification-preferences';
import { deleteAccount } from './delete-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Exported {
  notificationSettings: {
    pushDevices: Record<string, unknown>[];
    preferences: typeof DEFAULT_NOTIFICATION_PREFERENCES;
  };
  notifications: Record<string, unknown>[];
}

const exported = (userId: string) => exportedAccount<Exported>(t, userId);

const device = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/export-test',
  // The sizes of real keys (65 and 16 bytes base64url): the API checks them.
  keys: { p256dh: 'BExportKeyThatMustNotLeak'.padEnd(87, 'A'), auth: 'exportAuthSecret'.padEnd(22, 'A') },
};

describe('notifications in the data export and in account deletion', () => {
  it('exports push devices without their keys, the preferences and the notifications', async () => {
    const ada = await createUser(t.db, { name: 'Ada' });
    const bo = await createUser(t.db);
    await createMutualContacts(t.db, ada, bo);
    await t.request(bo, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: device,
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/130.0' },
    });
    const chosen = { ...DEFAULT_NOTIFICATION_PREFERENCES, handover: { push: false, email: false } };
    await t.request(bo, { method: 'PUT', url: '/api/notifications/preferences', payload: chosen });
    await t.request(ada, { method: 'POST', url: '/api/messages', payload: { receiverId: bo.id, content: 'Hi' } });

    const data = await exported(bo.id);
    expect(data.notificationSettings.pushDevices).toEqual([
      { deviceLabel: 'Firefox · Windows', createdAt: expect.any(String), lastSuccessAt: null },
    ]);
    expect(data.notificationSettings.preferences).toEqual(chosen);
    expect(data.notifications).toEqual([
      expect.objectContaining({
        kind: 'message',
        event: 'message',
        details: expect.objectContaining({ senderName: 'Ada', partnerId: ada.id }),
        pushedAt: null,
      }),
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(device.keys.auth);
    expect(text).not.toContain(device.keys.p256dh);
    expect(text).not.toContain(device.endpoint);
    expect((await exported(ada.id)).notifications).toEqual([]);
  });

  it('deleting the account deletes its push devices, preferences and notifications, and others’ that name it', async () => {
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    const userId = row!.userId;
    const [aboutAda] = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
    const adaId = String(aboutAda!.payload.partnerId);
    await deleteAccount(t.db, { id: adaId }, adaId);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, userId))).toEqual([]);
    await deleteAccount(t.db, { id: userId }, userId);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([]);
    expect(await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))).toEqual(
      [],
    );
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, userId))).toEqual([]);
  });
});
