import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { clearPendingDelivery, queuedJobs } from '../../../tests/support/jobs';
import {
  messages,
  notificationPreferences,
  notifications,
  pendingEmailDigests,
  pushSubscriptions,
  userBlocks,
  users,
} from '../db/schema';
import { writeMessage, writeMessageAlong, writeMessages, writeMessageToEach, type NewMessage } from './write-messages';

/**
 * The one message writer (issue 34): messages and their notifications in
 * one statement, whatever their number, by the rules of
 * notifications/notification-delivery.ts.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await clearPendingDelivery(database.pool);
  await database.db.delete(notifications);
});

async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = database.queryCount();
  const result = await run();
  return { result, statements: database.queryCount() - before };
}

const chat = (from: { id: string }, to: { id: string }, content = 'Hello'): NewMessage => ({
  senderId: from.id,
  receiverId: to.id,
  content,
  messageType: 'user',
});

const addDevice = (person: { id: string }) =>
  database.db.insert(pushSubscriptions).values({
    userId: person.id,
    endpoint: `https://push.example.test/${person.id}`,
    p256dh: 'p256dh-key',
    auth: 'auth-secret',
  });

const notificationsOf = (person: { id: string }) =>
  database.db.select().from(notifications).where(eq(notifications.userId, person.id));

describe('writeMessages', () => {
  it('one statement for one message and for many: each receiver notified, a digest each, no push without a device', async () => {
    const sam = await createUser(database.db, { name: 'Sam' });
    const receivers = await Promise.all(Array.from({ length: 12 }, () => createUser(database.db)));
    const [first, ...rest] = receivers;
    if (!first) throw new Error('no receivers');

    const one = await statementsOf(() => writeMessage(database.db, chat(sam, first)));
    expect(one.statements).toBe(1);
    expect(one.result).toMatchObject({ senderId: sam.id, receiverId: first.id });
    const many = await statementsOf(() =>
      writeMessages(
        database.db,
        rest.map((person) => chat(sam, person)),
      ),
    );
    expect(many.statements).toBe(1);
    expect(many.result.map((m) => m.receiverId).sort()).toEqual(rest.map((p) => p.id).sort());

    const recorded = await database.db.select().from(notifications);
    expect(recorded).toHaveLength(12);
    expect(recorded.every((n) => n.kind === 'message' && n.event === 'message')).toBe(true);
    expect(recorded.find((n) => n.userId === first.id)?.payload).toEqual({
      partnerId: sam.id,
      senderName: 'Sam',
      itemName: null,
    });
    expect(await database.db.select().from(pendingEmailDigests)).toHaveLength(12);
    expect(await queuedJobs(database.pool)).toEqual([]);
  });

  it('queues a push for a receiver with a device and follows saved choices, still in one statement', async () => {
    const sam = await createUser(database.db);
    const withDevice = await createUser(database.db);
    const mailOnly = await createUser(database.db);
    const neither = await createUser(database.db);
    for (const person of [withDevice, mailOnly, neither]) await addDevice(person);
    await database.db.insert(notificationPreferences).values([
      { userId: mailOnly.id, kind: 'message', push: false, email: true },
      { userId: neither.id, kind: 'message', push: false, email: false },
    ]);
    const { statements } = await statementsOf(() =>
      writeMessages(
        database.db,
        [withDevice, mailOnly, neither].map((person) => chat(sam, person)),
      ),
    );
    expect(statements).toBe(1);
    const recorded = await database.db
      .select({ id: notifications.id, userId: notifications.userId })
      .from(notifications);
    expect(recorded.map((row) => row.userId).sort()).toEqual([withDevice.id, mailOnly.id].sort());
    const jobs = await queuedJobs(database.pool);
    expect(jobs.map((job) => [job.task_identifier, job.payload])).toEqual([
      ['deliver-push', { notificationId: recorded.find((row) => row.userId === withDevice.id)?.id }],
    ]);
    // Three messages, all written whatever their notifications.
    expect(await database.db.select().from(messages).where(eq(messages.senderId, sam.id))).toHaveLength(3);
  });

  it('writes but notifies nobody across a block, to a deleted account, for an account’s end, or for a quiet note', async () => {
    const sam = await createUser(database.db);
    const blocked = await createUser(database.db);
    const gone = await createUser(database.db);
    const told = await createUser(database.db);
    await database.db.insert(userBlocks).values({ blockerId: blocked.id, blockedId: sam.id });
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    await writeMessages(database.db, [
      chat(sam, blocked),
      chat(sam, gone),
      { ...chat(sam, told), messageType: 'system', systemEvent: 'owner_account_deleted' },
      { ...chat(sam, told, 'A note'), quiet: true },
    ]);
    expect(await database.db.select().from(messages).where(eq(messages.senderId, sam.id))).toHaveLength(4);
    expect(await database.db.select().from(notifications)).toEqual([]);
    expect(await database.db.select().from(pendingEmailDigests)).toEqual([]);
  });

  it('messages written together keep their order in time', async () => {
    const ana = await createUser(database.db);
    const ben = await createUser(database.db);
    const contents = ['first', 'second', 'third', 'fourth'];
    await database.db.transaction((tx) =>
      writeMessages(
        tx,
        contents.map((content) => chat(ana, ben, content)),
      ),
    );
    const rows = await database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.senderId, ana.id))
      .orderBy(asc(messages.createdAt));
    expect(rows.map((row) => row.content)).toEqual(contents);
  });
});

describe('writeMessageToEach', () => {
  it('one message to each person a query selects, with their notifications, in one statement', async () => {
    const asker = await createUser(database.db, { name: 'Asker' });
    const network = await Promise.all(Array.from({ length: 5 }, () => createUser(database.db)));
    const ids = sql.join(
      network.map((person) => sql`(${person.id}::uuid)`),
      sql`, `,
    );
    const { result, statements } = await statementsOf(() =>
      writeMessageToEach(
        database.db,
        { senderId: asker.id, content: 'Does anyone have a ladder?', messageType: 'user' },
        sql`SELECT user_id FROM (VALUES ${ids}) AS network(user_id)`,
      ),
    );
    expect(statements).toBe(1);
    expect(result.map((m) => m.receiverId).sort()).toEqual(network.map((p) => p.id).sort());
    for (const person of network) expect(await notificationsOf(person)).toHaveLength(1);
  });
});

describe('writeMessageAlong', () => {
  it('answers the other insert’s row with the message; one that inserts nothing throws and rolls back', async () => {
    const ana = await createUser(database.db);
    const ben = await createUser(database.db, { name: 'Ben' });
    const written = await database.db.transaction((tx) =>
      writeMessageAlong(
        tx,
        sql`INSERT INTO ${pendingEmailDigests} (user_id, due_at) VALUES (${ana.id}::uuid, now()) RETURNING user_id`,
        chat(ana, ben),
      ),
    );
    expect(written.along).toEqual({ user_id: ana.id });
    expect(written.message).toMatchObject({ senderId: ana.id, receiverId: ben.id });

    const before = (await database.db.select().from(messages).where(eq(messages.senderId, ben.id))).length;
    await expect(
      database.db.transaction((tx) =>
        writeMessageAlong(
          tx,
          sql`INSERT INTO ${pendingEmailDigests} (user_id, due_at) SELECT ${ben.id}::uuid, now() WHERE false RETURNING user_id`,
          chat(ben, ana),
        ),
      ),
    ).rejects.toThrow();
    expect(await database.db.select().from(messages).where(eq(messages.senderId, ben.id))).toHaveLength(before);
  });
});
