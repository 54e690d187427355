import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { clearPendingDelivery, queuedJobs as listQueuedJobs } from '../../../tests/support/jobs';
import { notificationPreferences, notifications, pendingEmailDigests, pushSubscriptions } from '../db/schema';
import { EMAIL_DIGEST_DELAY_MS } from './notification-delivery';
import { recordNotifications } from './record-notifications';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const queuedJobs = () => listQueuedJobs(database.pool);
const pendingDigests = () => database.db.select().from(pendingEmailDigests);
/** A browser of `user` that can take pushes (the row the subscribe route writes). */
async function addPushDevice(user: { id: string }): Promise<void> {
  await database.db.insert(pushSubscriptions).values({
    userId: user.id,
    endpoint: `https://push.example.test/${crypto.randomUUID()}`,
    p256dh: 'p256dh-key',
    auth: 'auth-secret',
  });
}

async function clearAll(): Promise<void> {
  await clearPendingDelivery(database.pool);
  await database.db.delete(notifications);
}

describe('recordNotifications', () => {
  it('records each notification, queues a push per notification and marks one digest per person due later', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    await addPushDevice(ada);
    const now = new Date('2026-05-01T10:00:00Z');
    await recordNotifications(
      database.db,
      [
        { userId: ada.id, kind: 'message', event: 'message', payload: { senderName: 'Bo' } },
        { userId: ada.id, kind: 'borrow_request', event: 'request_created', payload: { itemName: 'Drill' } },
      ],
      now,
    );
    const rows = await database.db.select().from(notifications).where(eq(notifications.userId, ada.id));
    expect(rows.map((row) => row.event).sort()).toEqual(['message', 'request_created']);
    const jobs = await queuedJobs();
    expect(jobs.map((job) => job.task_identifier)).toEqual(['deliver-push', 'deliver-push']);
    expect(await pendingDigests()).toEqual([
      { userId: ada.id, dueAt: new Date(now.getTime() + EMAIL_DIGEST_DELAY_MS) },
    ]);
  });

  it('keeps the first digest time when more events arrive', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    const first = new Date('2026-05-01T10:00:00Z');
    await recordNotifications(database.db, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }], first);
    await recordNotifications(
      database.db,
      [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }],
      new Date(first.getTime() + 10 * 60_000),
    );
    expect(await pendingDigests()).toEqual([
      { userId: ada.id, dueAt: new Date(first.getTime() + EMAIL_DIGEST_DELAY_MS) },
    ]);
    expect(await queuedJobs()).toEqual([]);
  });

  it('follows the preferences: a channel turned off queues nothing for it; both off records nothing', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    await database.db.insert(notificationPreferences).values([
      { userId: ada.id, kind: 'message', push: false, email: true },
      { userId: ada.id, kind: 'handover', push: false, email: false },
    ]);
    await recordNotifications(database.db, [
      { userId: ada.id, kind: 'message', event: 'message', payload: {} },
      { userId: ada.id, kind: 'handover', event: 'item_borrowed', payload: {} },
    ]);
    const rows = await database.db.select().from(notifications).where(eq(notifications.userId, ada.id));
    expect(rows.map((row) => row.kind)).toEqual(['message']);
    expect(await queuedJobs()).toEqual([]);
    expect((await pendingDigests()).map((row) => row.userId)).toEqual([ada.id]);
  });

  it('uses one statement whatever the number of recipients, pushes included', async () => {
    await clearAll();
    const people = await Promise.all(Array.from({ length: 25 }, () => createUser(database.db)));
    await Promise.all(people.map(addPushDevice));
    const before = database.queryCount();
    await recordNotifications(
      database.db,
      people.map((person) => ({
        userId: person.id,
        kind: 'network_request' as const,
        event: 'network_request',
        payload: {},
      })),
    );
    expect(database.queryCount() - before).toBe(1);
    expect((await queuedJobs()).filter((job) => job.task_identifier === 'deliver-push')).toHaveLength(25);
  });

  it('queues no push for someone without a device, but still records the notification and their digest', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    const before = database.queryCount();
    await recordNotifications(database.db, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }]);
    // The notification with its digest in one statement: no job.
    expect(database.queryCount() - before).toBe(1);
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, ada.id))).toHaveLength(1);
    expect(await queuedJobs()).toEqual([]);
    expect((await pendingDigests()).map((row) => row.userId)).toEqual([ada.id]);
  });

  it('marks no digest for a kind the person does not get by email', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    await addPushDevice(ada);
    await recordNotifications(database.db, [{ userId: ada.id, kind: 'handover', event: 'item_borrowed', payload: {} }]);
    expect(await pendingDigests()).toEqual([]);
    expect((await queuedJobs()).map((job) => job.task_identifier)).toEqual(['deliver-push']);
  });

  it('records nothing and queues nothing when the change rolls back', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await recordNotifications(tx, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(notifications)).toEqual([]);
    expect(await queuedJobs()).toEqual([]);
    expect(await pendingDigests()).toEqual([]);
  });
});
