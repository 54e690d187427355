import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createMessage, createUser } from '../../../tests/support/factories';
import { clearPendingDelivery, queuedJobs } from '../../../tests/support/jobs';
import { notificationPreferences, notifications, pendingEmailDigests, pushSubscriptions } from '../db/schema';
import { notifyAboutMessages } from './notify-messages';

/**
 * notifyAboutMessages reads the receivers' preferences and devices with the
 * messages' facts (delivery-facts.ts), so recording costs one statement
 * more, the insert, and a third only when a push goes out.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
beforeEach(async () => {
  await clearPendingDelivery(database.pool);
  await database.db.delete(notifications);
});

async function statementsOf(run: () => Promise<void>): Promise<number> {
  const before = database.queryCount();
  await run();
  return database.queryCount() - before;
}

describe('notifyAboutMessages', () => {
  it('takes two statements for a receiver without a device, whatever the number of messages', async () => {
    const sender = await createUser(database.db, { name: 'Sam' });
    const receivers = await Promise.all(Array.from({ length: 12 }, () => createUser(database.db)));
    const messages = await Promise.all(receivers.map((receiver) => createMessage(database.db, sender, receiver)));
    expect(await statementsOf(() => notifyAboutMessages(database.db, [messages[0]!.id]))).toBe(2);
    expect(
      await statementsOf(() =>
        notifyAboutMessages(
          database.db,
          messages.slice(1).map((m) => m.id),
        ),
      ),
    ).toBe(2);
    expect(await database.db.select().from(notifications)).toHaveLength(12);
    expect(await database.db.select().from(pendingEmailDigests)).toHaveLength(12);
    expect(await queuedJobs(database.pool)).toEqual([]);
  });

  it('queues a push for a receiver with a device, and follows their saved choices', async () => {
    const sender = await createUser(database.db, { name: 'Sam' });
    const withDevice = await createUser(database.db);
    const mailOnly = await createUser(database.db);
    const neither = await createUser(database.db);
    await database.db.insert(pushSubscriptions).values(
      [withDevice, mailOnly, neither].map((person) => ({
        userId: person.id,
        endpoint: `https://push.example.test/${person.id}`,
        p256dh: 'p256dh-key',
        auth: 'auth-secret',
      })),
    );
    await database.db.insert(notificationPreferences).values([
      { userId: mailOnly.id, kind: 'message', push: false, email: true },
      { userId: neither.id, kind: 'message', push: false, email: false },
    ]);
    const messages = await Promise.all(
      [withDevice, mailOnly, neither].map((receiver) => createMessage(database.db, sender, receiver)),
    );
    expect(
      await statementsOf(() =>
        notifyAboutMessages(
          database.db,
          messages.map((m) => m.id),
        ),
      ),
    ).toBe(3);
    const recorded = await database.db.select({ userId: notifications.userId }).from(notifications);
    expect(recorded.map((row) => row.userId).sort()).toEqual([withDevice.id, mailOnly.id].sort());
    const jobs = await queuedJobs(database.pool);
    expect(jobs.map((job) => job.task_identifier)).toEqual(['deliver-push']);
    const digests = await database.db.select({ userId: pendingEmailDigests.userId }).from(pendingEmailDigests);
    expect(digests.map((row) => row.userId).sort()).toEqual([withDevice.id, mailOnly.id].sort());
  });
});
