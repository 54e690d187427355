import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LENDING_ACTIONS, LENDING_ACTION_ACTOR } from '@/contract/schemas/lending';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database';
import { createLendingRequest, createUser } from '../../../../tests/support/factories';
import { createItem } from '../../../../tests/support/item-factories';
import { clearPendingDelivery, queuedJobs } from '../../../../tests/support/jobs';
import { notifications, pushSubscriptions } from '../../db/schema';
import { writeMessage, writeMessages } from '../../message-writer/write-messages';
import { lendingStepMessageNotifying, noteWithStep } from './lending-messages';

/**
 * Every lending step's message goes through the one writer (issue 34) and
 * tells the other person with its kind and event, naming the request's item
 * as the step knows it, in one statement, with a push job when they have a
 * device. Names with quotes and accents go through the JSON payload intact.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(() => clearPendingDelivery(database.pool));

const KIND_AND_EVENT = {
  create: ['borrow_request', 'request_created'],
  withdraw: ['borrow_request', 'request_withdrawn'],
  accept: ['request_answered', 'request_accepted'],
  decline: ['request_answered', 'request_declined'],
  markBorrowed: ['handover', 'item_borrowed'],
  markReturned: ['handover', 'item_returned'],
} as const;

async function parties() {
  const owner = await createUser(database.db, { name: 'Olga "O" Ünal' });
  const requester = await createUser(database.db, { name: 'Sam "S" Ünal' });
  const item = await createItem(database.db, owner, { name: 'Drill "Bosch" Ü' });
  const request = await createLendingRequest(database.db, { id: item.id, ownerId: owner.id }, requester);
  return { owner, requester, item, request };
}

describe('a lending step’s message and its notification', () => {
  it.each(LENDING_ACTIONS)(
    '%s: one statement, the other person told with the item’s name and a push',
    async (action) => {
      const { owner, requester, item, request } = await parties();
      const byRequester = LENDING_ACTION_ACTOR[action] === 'requester';
      const [sender, receiver] = byRequester ? [requester, owner] : [owner, requester];
      await database.db.insert(pushSubscriptions).values({
        userId: receiver.id,
        endpoint: `https://push.example.test/${receiver.id}`,
        p256dh: 'p256dh-key',
        auth: 'auth-secret',
      });
      const step = { action, requestId: request.id, requesterId: requester.id, ownerId: owner.id, itemName: item.name };
      const before = database.queryCount();
      const written = await writeMessage(database.db, lendingStepMessageNotifying(step));
      expect(database.queryCount() - before).toBe(1);

      const [kind, event] = KIND_AND_EVENT[action];
      const told = await database.db.select().from(notifications).where(eq(notifications.userId, receiver.id));
      expect(told.map(({ kind, event, payload, messageId }) => ({ kind, event, payload, messageId }))).toEqual([
        {
          kind,
          event,
          payload: { partnerId: sender.id, senderName: sender.name, itemName: 'Drill "Bosch" Ü' },
          messageId: written.id,
        },
      ]);
      const jobs = await queuedJobs(database.pool);
      expect(jobs.map((job) => [job.task_identifier, job.payload])).toEqual([
        ['deliver-push', { notificationId: told[0]?.id }],
      ]);
    },
  );

  it('an owner’s note to their answer comes right after it and is not notified on its own', async () => {
    const { owner, requester, item, request } = await parties();
    const step = {
      action: 'accept' as const,
      requestId: request.id,
      requesterId: requester.id,
      ownerId: owner.id,
      itemName: item.name,
    };
    const written = await writeMessages(database.db, [
      lendingStepMessageNotifying(step),
      noteWithStep({ senderId: owner.id, receiverId: requester.id, content: 'Pick it up at six' }),
    ]);
    expect(written).toHaveLength(2);
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(told.map((row) => row.event)).toEqual(['request_accepted']);
  });
});
