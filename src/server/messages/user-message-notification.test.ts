import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { clearPendingDelivery, queuedJobs } from '../../../tests/support/jobs';
import {
  notificationPreferences,
  notifications,
  pendingEmailDigests,
  pushSubscriptions,
  userBlocks,
  users,
} from '../db/schema';
import { EMAIL_DIGEST_DELAY_MS } from '../notifications/record-notifications';
import { insertUserMessage } from './insert-user-message';
import { insertMessages } from './post-message';

/**
 * A chat message is written with its notification in one statement
 * (insert-user-message.ts). Whatever the receiver's situation, it must leave
 * what the general path (insertMessages, which notifies through
 * notifyAboutMessages and recordNotifications) leaves: the same
 * notification, the same digest row, the same push job.
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
});

/** The time of a digest that was pending before the message. */
const PENDING_DUE_AT = new Date('2030-01-01T00:00:00Z');

type Situation = (receiver: { id: string }, sender: { id: string }) => Promise<unknown>;

const SITUATIONS: Record<string, Situation> = {
  'no device, default choices': async () => undefined,
  'a device, default choices': (receiver) =>
    database.db.insert(pushSubscriptions).values({
      userId: receiver.id,
      endpoint: `https://push.example.test/${receiver.id}`,
      p256dh: 'p256dh-key',
      auth: 'auth-secret',
    }),
  'a device, push turned off': async (receiver) => {
    await SITUATIONS['a device, default choices']!(receiver, receiver);
    await database.db
      .insert(notificationPreferences)
      .values({ userId: receiver.id, kind: 'message', push: false, email: true });
  },
  'email turned off, no device': (receiver) =>
    database.db
      .insert(notificationPreferences)
      .values({ userId: receiver.id, kind: 'message', push: true, email: false }),
  'both turned off': (receiver) =>
    database.db
      .insert(notificationPreferences)
      .values({ userId: receiver.id, kind: 'message', push: false, email: false }),
  'the receiver blocked the sender': (receiver, sender) =>
    database.db.insert(userBlocks).values({ blockerId: receiver.id, blockedId: sender.id }),
  'the sender blocked the receiver': (receiver, sender) =>
    database.db.insert(userBlocks).values({ blockerId: sender.id, blockedId: receiver.id }),
  'a device, email turned off': async (receiver) => {
    await SITUATIONS['a device, default choices']!(receiver, receiver);
    await database.db
      .insert(notificationPreferences)
      .values({ userId: receiver.id, kind: 'message', push: true, email: false });
  },
  'a digest already pending, which keeps its time': (receiver) =>
    database.db.insert(pendingEmailDigests).values({ userId: receiver.id, dueAt: PENDING_DUE_AT }),
  'the receiver deleted their account': (receiver) =>
    database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, receiver.id)),
};

/** What a message to `receiver` left behind, with the ids that differ between two runs taken out. */
async function outcome(receiver: { id: string }, messageId: string) {
  const [notification] = await database.db
    .select({
      kind: notifications.kind,
      event: notifications.event,
      payload: notifications.payload,
      messageId: notifications.messageId,
    })
    .from(notifications)
    .where(eq(notifications.userId, receiver.id));
  const digests = await database.db.select().from(pendingEmailDigests);
  const jobs = await queuedJobs(database.pool);
  return {
    notification: notification && { ...notification, messageId: notification.messageId === messageId },
    // Whose digest, and whether it kept the earlier time or is due a digest delay after the message.
    digest: digests.map((row) => ({
      receivers: row.userId === receiver.id,
      due: row.dueAt.getTime() === PENDING_DUE_AT.getTime() ? 'kept' : dueAfter(row.dueAt),
    })),
    jobs: jobs.map((job) => job.task_identifier),
  };
}

/** Whether `dueAt` is a digest delay (within the test's seconds) from now. */
function dueAfter(dueAt: Date): string {
  const delay = dueAt.getTime() - Date.now();
  return delay > EMAIL_DIGEST_DELAY_MS - 30_000 && delay <= EMAIL_DIGEST_DELAY_MS
    ? 'a digest delay on'
    : `in ${delay} ms`;
}

async function run(path: 'one statement' | 'general', setUp: Situation) {
  await clearPendingDelivery(database.pool);
  const sender = await createUser(database.db, { name: 'Sam "S" Ünal' });
  const receiver = await createUser(database.db);
  await setUp(receiver, sender);
  const message = { senderId: sender.id, receiverId: receiver.id, content: 'Drill on Saturday?' };
  const stored =
    path === 'one statement'
      ? await insertUserMessage(database.db, message)
      : (await database.db.transaction((tx) => insertMessages(tx, [{ ...message, messageType: 'user' }])))[0]!;
  return { ...(await outcome(receiver, stored.id)), partnerIsSender: sender.id };
}

describe('insertUserMessage', () => {
  it.each(Object.keys(SITUATIONS))('leaves what the general path leaves: %s', async (name) => {
    const setUp = SITUATIONS[name]!;
    const fast = await run('one statement', setUp);
    const general = await run('general', setUp);
    const withoutIds = ({ partnerIsSender, ...rest }: typeof fast) => ({
      ...rest,
      notification: rest.notification && {
        ...rest.notification,
        payload: { ...rest.notification.payload, partnerId: rest.notification.payload.partnerId === partnerIsSender },
      },
    });
    expect(withoutIds(fast)).toEqual(withoutIds(general));
  });

  it('notifies by push, mail and digest when the receiver has a device and the defaults', async () => {
    const result = await run('one statement', SITUATIONS['a device, default choices']!);
    expect(result.notification).toEqual({
      kind: 'message',
      event: 'message',
      payload: { partnerId: result.partnerIsSender, senderName: 'Sam "S" Ünal', itemName: null },
      messageId: true,
    });
    expect(result.digest).toEqual([{ receivers: true, due: 'a digest delay on' }]);
    expect(result.jobs).toEqual(['deliver-push']);
  });

  it('is one statement, with or without a push job', async () => {
    for (const setUp of [SITUATIONS['no device, default choices']!, SITUATIONS['a device, default choices']!]) {
      const sender = await createUser(database.db);
      const receiver = await createUser(database.db);
      await setUp(receiver, sender);
      const before = database.queryCount();
      await insertUserMessage(database.db, { senderId: sender.id, receiverId: receiver.id, content: 'Hi' });
      expect(database.queryCount() - before).toBe(1);
    }
  });
});
