import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { clearQueuedJobs, queuedJobs as listQueuedJobs } from '../../../tests/support/jobs';
import { notificationPreferences, notifications } from '../db/schema';
import { EMAIL_DIGEST_DELAY_MS, emailDigestJobKey, recordNotifications } from './record-notifications';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const queuedJobs = () => listQueuedJobs(database.pool);
async function clearAll(): Promise<void> {
  await clearQueuedJobs(database.pool);
  await database.db.delete(notifications);
}

describe('recordNotifications', () => {
  it('records each notification and queues a push per notification and one delayed digest per person', async () => {
    await clearAll();
    const ada = await createUser(database.db);
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
    expect(jobs.filter((job) => job.task_identifier === 'deliver-push')).toHaveLength(2);
    const digests = jobs.filter((job) => job.task_identifier === 'email-digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ key: emailDigestJobKey(ada.id), payload: { userId: ada.id } });
    expect(digests[0]!.run_at.getTime()).toBe(now.getTime() + EMAIL_DIGEST_DELAY_MS);
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
    const digests = (await queuedJobs()).filter((job) => job.task_identifier === 'email-digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.run_at.getTime()).toBe(first.getTime() + EMAIL_DIGEST_DELAY_MS);
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
    expect((await queuedJobs()).map((job) => job.task_identifier)).toEqual(['email-digest']);
  });

  it('uses three statements whatever the number of recipients', async () => {
    await clearAll();
    const people = await Promise.all(Array.from({ length: 25 }, () => createUser(database.db)));
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
    expect(database.queryCount() - before).toBe(3);
    expect((await queuedJobs()).filter((job) => job.task_identifier === 'deliver-push')).toHaveLength(25);
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
  });
});
