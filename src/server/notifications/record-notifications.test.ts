import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { clearQueuedJobs, queuedJobs as listQueuedJobs } from '../../../tests/support/jobs';
import { notificationPreferences, notifications, pushSubscriptions } from '../db/schema';
import { EMAIL_DIGEST_DELAY_MS, emailDigestJobKey, recordNotifications } from './record-notifications';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const queuedJobs = () => listQueuedJobs(database.pool);
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
  await clearQueuedJobs(database.pool);
  await database.db.delete(notifications);
}

describe('recordNotifications', () => {
  it('records each notification and queues a push per notification and one delayed digest per person', async () => {
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
    expect(database.queryCount() - before).toBe(3);
    expect((await queuedJobs()).filter((job) => job.task_identifier === 'deliver-push')).toHaveLength(25);
  });

  it('queues no push for someone without a device, but still records the notification and their digest', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    await recordNotifications(database.db, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }]);
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, ada.id))).toHaveLength(1);
    expect((await queuedJobs()).map((job) => job.task_identifier)).toEqual(['email-digest']);
  });

  it('adds nothing to the queue while the digest is pending and there is no device: two statements', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    const first = new Date('2026-05-01T10:00:00Z');
    await recordNotifications(database.db, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }], first);
    const [queued] = await queuedJobs();
    const before = database.queryCount();
    await recordNotifications(
      database.db,
      [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }],
      new Date(first.getTime() + 60_000),
    );
    expect(database.queryCount() - before).toBe(2);
    // The very row, untouched: add_jobs would have rewritten it (a new revision).
    const { rows } = await database.pool.query<{ revision: number }>(
      'SELECT revision FROM graphile_worker._private_jobs WHERE key = $1',
      [emailDigestJobKey(ada.id)],
    );
    expect(rows).toEqual([{ revision: 0 }]);
    expect(await queuedJobs()).toEqual([queued]);
  });

  it('holds the pending digest until the notification commits, so a worker cannot take it before', async () => {
    await clearAll();
    const ada = await createUser(database.db);
    await recordNotifications(database.db, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }]);
    // graphile-worker's get_job takes a job FOR UPDATE SKIP LOCKED; ask the same from another connection.
    const takeDigest = () =>
      database.pool.query(
        'SELECT id FROM graphile_worker._private_jobs WHERE key = $1 FOR UPDATE SKIP LOCKED',
        [emailDigestJobKey(ada.id)],
      );
    let whileOpen = -1;
    await database.db.transaction(async (tx) => {
      await recordNotifications(tx, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }]);
      whileOpen = (await takeDigest()).rowCount ?? -1;
    });
    expect(whileOpen).toBe(0);
    expect((await takeDigest()).rowCount).toBe(1);
  });

  it('queues a new digest when the pending one is already running or failed once', async () => {
    for (const state of ['locked_at = now()', 'attempts = 1']) {
      await clearAll();
      const ada = await createUser(database.db);
      await recordNotifications(database.db, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }]);
      await database.pool.query(`UPDATE graphile_worker._private_jobs SET ${state}`);
      await recordNotifications(database.db, [{ userId: ada.id, kind: 'message', event: 'message', payload: {} }]);
      const { rows } = await database.pool.query<{ revision: number; locked: boolean }>(
        'SELECT revision, locked_at IS NOT NULL AS locked FROM graphile_worker._private_jobs WHERE key = $1',
        [emailDigestJobKey(ada.id)],
      );
      // Running: graphile-worker gives the key to a new job; failed once: it is queued afresh (attempts reset).
      expect(rows, state).toEqual(state.startsWith('locked') ? [{ revision: 0, locked: false }] : [{ revision: 1, locked: false }]);
    }
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
