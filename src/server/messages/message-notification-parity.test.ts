import { randomUUID } from 'node:crypto';
import { eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../contract/enums';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createLendingRequest, createUser } from '../../../tests/support/factories';
import { createItem } from '../../../tests/support/item-factories';
import { clearPendingDelivery, queuedJobs } from '../../../tests/support/jobs';
import {
  lendingRequests,
  notificationPreferences,
  notifications,
  pendingEmailDigests,
  pushSubscriptions,
  userBlocks,
  users,
} from '../db/schema';
import { EMAIL_DIGEST_DELAY_MS } from '../notifications/record-notifications';
import { LENDING_ACTION_ACTOR, type LendingAction } from '../../contract/schemas/lending';
import { lendingStepMessageNotifying } from '../lending/lending-messages';
import { insertMessageNotifying, insertMessageNotifyingAlong, type OneMessage } from './insert-message-notifying';
import { insertMessages } from './post-message';

/**
 * A chat message, and each lending step's message, are written with their
 * notification in one statement (insert-message-notifying.ts).
 * Whatever the receiver's situation, each must leave what the general path
 * (insertMessages, which notifies through notifyAboutMessages and
 * recordNotifications) leaves: the same notification, the same digest row,
 * the same push job.
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

/** The receiver's situation; `kind` is the notification kind the message makes, for their saved choices. */
type Situation = (receiver: { id: string }, sender: { id: string }, kind: NotificationKind) => Promise<unknown>;

const SITUATIONS: Record<string, Situation> = {
  'no device, default choices': async () => undefined,
  'a device, default choices': (receiver) =>
    database.db.insert(pushSubscriptions).values({
      userId: receiver.id,
      endpoint: `https://push.example.test/${receiver.id}`,
      p256dh: 'p256dh-key',
      auth: 'auth-secret',
    }),
  'a device, push turned off': async (receiver, sender, kind) => {
    await SITUATIONS['a device, default choices']!(receiver, sender, kind);
    await database.db.insert(notificationPreferences).values({ userId: receiver.id, kind, push: false, email: true });
  },
  'email turned off, no device': (receiver, _sender, kind) =>
    database.db.insert(notificationPreferences).values({ userId: receiver.id, kind, push: true, email: false }),
  'both turned off': (receiver, _sender, kind) =>
    database.db.insert(notificationPreferences).values({ userId: receiver.id, kind, push: false, email: false }),
  'only another kind turned off': (receiver, _sender, kind) =>
    database.db.insert(notificationPreferences).values({
      userId: receiver.id,
      kind: kind === 'message' ? 'borrow_request' : 'message',
      push: false,
      email: false,
    }),
  'the receiver blocked the sender': (receiver, sender) =>
    database.db.insert(userBlocks).values({ blockerId: receiver.id, blockedId: sender.id }),
  'the sender blocked the receiver': (receiver, sender) =>
    database.db.insert(userBlocks).values({ blockerId: sender.id, blockedId: receiver.id }),
  'a device, email turned off': async (receiver, sender, kind) => {
    await SITUATIONS['a device, default choices']!(receiver, sender, kind);
    await database.db.insert(notificationPreferences).values({ userId: receiver.id, kind, push: true, email: false });
  },
  'a digest already pending, which keeps its time': (receiver) =>
    database.db.insert(pendingEmailDigests).values({ userId: receiver.id, dueAt: PENDING_DUE_AT }),
  'the receiver deleted their account': (receiver) =>
    database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, receiver.id)),
};

/** What a message to `receiver` left behind, with the ids that differ between two runs taken out. */
async function outcome(receiver: { id: string }, messageId: string) {
  const written = await database.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      event: notifications.event,
      payload: notifications.payload,
      messageId: notifications.messageId,
    })
    .from(notifications)
    .where(eq(notifications.userId, receiver.id));
  const digests = await database.db.select().from(pendingEmailDigests);
  const jobs = await queuedJobs(database.pool);
  const ids = written.map((notification) => notification.id);
  return {
    notifications: written.map(({ id: _id, ...notification }) => ({
      ...notification,
      messageId: notification.messageId === messageId,
    })),
    // Whose digest, and whether it kept the earlier time or is due a digest delay after the message.
    digest: digests.map((row) => ({
      receivers: row.userId === receiver.id,
      due: row.dueAt.getTime() === PENDING_DUE_AT.getTime() ? 'kept' : dueAfter(row.dueAt),
    })),
    // Each job, and the place of the notification it delivers among the receiver's.
    jobs: jobs.map((job) => ({
      task: job.task_identifier,
      delivers: ids.indexOf((job.payload as { notificationId?: string }).notificationId ?? ''),
    })),
  };
}

/** Whether `dueAt` is a digest delay (within the test's seconds) from now. */
function dueAfter(dueAt: Date): string {
  const delay = dueAt.getTime() - Date.now();
  return delay > EMAIL_DIGEST_DELAY_MS - 30_000 && delay <= EMAIL_DIGEST_DELAY_MS
    ? 'a digest delay on'
    : `in ${delay} ms`;
}

/** The messages that take the one statement: a chat message, and each lending step's message. */
type Shape = 'chat' | LendingAction;
const KIND_OF_SHAPE: Record<Shape, NotificationKind> = {
  chat: 'message',
  create: 'borrow_request',
  withdraw: 'borrow_request',
  accept: 'request_answered',
  decline: 'request_answered',
  markBorrowed: 'handover',
  markReturned: 'handover',
};
const SHAPES = Object.keys(KIND_OF_SHAPE) as Shape[];

/**
 * The message of `shape` from sender to receiver. For a lending step, the
 * item belongs to whichever of the two the step's actor is not the
 * requester of: the sender asks (create, withdraw) or the sender owns it.
 * With `along`, the request is not written here: `along` is its insert, for
 * the statement that writes it with the message (insertMessageNotifyingAlong).
 */
async function messageOf(
  shape: Shape,
  sender: { id: string },
  receiver: { id: string },
  options: { along?: boolean } = {},
): Promise<{ message: OneMessage; along?: SQL }> {
  if (shape === 'chat') {
    const message = { senderId: sender.id, receiverId: receiver.id, content: 'Drill on Saturday?', itemName: null };
    return { message: { ...message, messageType: 'user' } };
  }
  const byRequester = LENDING_ACTION_ACTOR[shape] === 'requester';
  const [requester, owner] = byRequester ? [sender, receiver] : [receiver, sender];
  const item = await createItem(database.db, owner, { name: 'Drill "Bosch" Ü' });
  const requestId = options.along ? randomUUID() : (await createLendingRequest(database.db, item, requester)).id;
  const message = lendingStepMessageNotifying({
    action: shape,
    requestId,
    requesterId: requester.id,
    ownerId: owner.id,
    itemName: item.name,
    message: 'For the shelves',
  });
  if (!options.along) return { message };
  const request = {
    id: requestId,
    itemId: item.id,
    requesterId: requester.id,
    ownerId: owner.id,
    message: 'For the shelves',
    requestedFrom: '2099-01-01',
    expectedReturnDate: '2099-01-08',
  };
  return { message, along: database.db.insert(lendingRequests).values(request).returning().getSQL() };
}

type Path = 'one statement' | 'one statement with the request' | 'general';

async function run(path: Path, setUp: Situation, shape: Shape = 'chat') {
  await clearPendingDelivery(database.pool);
  const sender = await createUser(database.db, { name: 'Sam "S" Ünal' });
  const receiver = await createUser(database.db);
  await setUp(receiver, sender, KIND_OF_SHAPE[shape]);
  const { message, along } = await messageOf(shape, sender, receiver, {
    along: path === 'one statement with the request',
  });
  const { itemName: _itemName, ...general } = message;
  const stored =
    path === 'general'
      ? (await database.db.transaction((tx) => insertMessages(tx, [general])))[0]!
      : along
        ? (await database.db.transaction((tx) => insertMessageNotifyingAlong(tx, along, message))).message
        : await insertMessageNotifying(database.db, message);
  return { ...(await outcome(receiver, stored.id)), partnerIsSender: sender.id };
}

const CASES = SHAPES.flatMap((shape) => Object.keys(SITUATIONS).map((situation) => [shape, situation] as const));

const withoutIds = ({ partnerIsSender, ...rest }: Awaited<ReturnType<typeof run>>) => ({
  ...rest,
  notifications: rest.notifications.map((notification) => ({
    ...notification,
    payload: { ...notification.payload, partnerId: notification.payload.partnerId === partnerIsSender },
  })),
});

describe('insertMessageNotifying', () => {
  it.each(CASES)('leaves what the general path leaves: %s, %s', async (shape, name) => {
    const setUp = SITUATIONS[name]!;
    const fast = await run('one statement', setUp, shape);
    const general = await run('general', setUp, shape);
    expect(withoutIds(fast)).toEqual(withoutIds(general));
  });

  // Asking to borrow writes the request in the same statement (create-lending-request.ts).
  it.each(Object.keys(SITUATIONS))('leaves it with the request in the same statement: %s', async (name) => {
    const setUp = SITUATIONS[name]!;
    const fast = await run('one statement with the request', setUp, 'create');
    const general = await run('general', setUp, 'create');
    expect(withoutIds(fast)).toEqual(withoutIds(general));
  });

  it('notifies by push, mail and digest when the receiver has a device and the defaults', async () => {
    const result = await run('one statement', SITUATIONS['a device, default choices']!);
    expect(result.notifications).toEqual([
      {
        kind: 'message',
        event: 'message',
        payload: { partnerId: result.partnerIsSender, senderName: 'Sam "S" Ünal', itemName: null },
        messageId: true,
      },
    ]);
    expect(result.digest).toEqual([{ receivers: true, due: 'a digest delay on' }]);
    expect(result.jobs).toEqual([{ task: 'deliver-push', delivers: 0 }]);
  });

  it('tells the owner who asks for which item', async () => {
    const result = await run('one statement', SITUATIONS['a device, default choices']!, 'create');
    expect(result.notifications).toEqual([
      {
        kind: 'borrow_request',
        event: 'request_created',
        payload: { partnerId: result.partnerIsSender, senderName: 'Sam "S" Ünal', itemName: 'Drill "Bosch" Ü' },
        messageId: true,
      },
    ]);
    expect(result.jobs).toEqual([{ task: 'deliver-push', delivers: 0 }]);
  });

  it.each(SHAPES)('is one statement, with or without a push job: %s', async (shape) => {
    for (const situation of ['no device, default choices', 'a device, default choices']) {
      const sender = await createUser(database.db);
      const receiver = await createUser(database.db);
      await SITUATIONS[situation]!(receiver, sender, KIND_OF_SHAPE[shape]);
      const { message } = await messageOf(shape, sender, receiver);
      const before = database.queryCount();
      await insertMessageNotifying(database.db, message);
      expect(database.queryCount() - before).toBe(1);
    }
  });
});
