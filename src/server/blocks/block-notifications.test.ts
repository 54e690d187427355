import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createLendingRequest, createUser } from '../../../tests/support/factories';
import { createItem } from '../../../tests/support/item-factories';
import { notifications } from '../db/schema';

/**
 * The blocked person must not tell a block from an ordinary decline or
 * withdrawal (docs/decisions/0018): the requests a block closes notify them
 * exactly as the ordinary steps do.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Bea owns a drill Tom asked for, and asked for Tom's ladder: both requests pending. */
async function openRequests() {
  const bea = await createUser(t.db, { name: 'Bea' });
  const tom = await createUser(t.db, { name: 'Tom' });
  const drill = await createItem(t.db, bea, { name: 'Drill' });
  const ladder = await createItem(t.db, tom, { name: 'Ladder' });
  const tomsRequest = await createLendingRequest(t.db, { id: drill.id, ownerId: bea.id }, tom);
  const beasRequest = await createLendingRequest(t.db, { id: ladder.id, ownerId: tom.id }, bea);
  return { bea, tom, tomsRequest, beasRequest };
}

/** What Tom was notified of, without ids: kind, event and the names the texts quote. */
async function notificationsOf(userId: string) {
  const rows = await t.db
    .select({ kind: notifications.kind, event: notifications.event, payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows
    .map((row) => `${row.kind}:${row.event}:${String(row.payload.senderName)}:${String(row.payload.itemName)}`)
    .sort();
}

describe('notifications of the requests a block closes', () => {
  it('are the same as those of an ordinary decline and withdrawal', async () => {
    const ordinary = await openRequests();
    const declined = await t.request(ordinary.bea, {
      method: 'PUT',
      url: `/api/lending-requests/${ordinary.tomsRequest.id}`,
      payload: { status: 'declined' },
    });
    expect(declined.statusCode).toBe(200);
    const withdrawn = await t.request(ordinary.bea, {
      method: 'DELETE',
      url: `/api/lending-requests/${ordinary.beasRequest.id}`,
    });
    expect(withdrawn.statusCode).toBe(200);

    const blocking = await openRequests();
    const blocked = await t.request(blocking.bea, {
      method: 'POST',
      url: '/api/blocks',
      payload: { userId: blocking.tom.id },
    });
    expect(blocked.statusCode).toBe(204);

    const expected = ['borrow_request:request_withdrawn:Bea:Ladder', 'request_answered:request_declined:Bea:Drill'];
    expect(await notificationsOf(ordinary.tom.id)).toEqual(expected);
    expect(await notificationsOf(blocking.tom.id)).toEqual(expected);
  });
});
