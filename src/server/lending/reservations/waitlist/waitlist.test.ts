import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/support/app';
import { createLendingRequest } from '../../../../../tests/support/factories';
import { addViewer, inDays, lendingParties } from '../../../../../tests/support/lending';
import { ownerStep } from '../../../../../tests/support/loans';
import { itemContactPermissions, items, itemWaitlist, notifications } from '../../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (itemId: string) => `/api/items/${itemId}/waitlist`;
const freeNotices = async (userId: string) =>
  t.db
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, 'item_free')));

/** Alice's drill, handed out to Carol until four days from now. */
async function lentDrill() {
  const parties = await lendingParties(t);
  const carol = await addViewer(t, parties.owner, parties.item);
  const loan = await createLendingRequest(t.db, parties.item, carol, {
    status: 'borrowed',
    requestedFrom: inDays(-2),
    lentOn: inDays(-2),
    expectedReturnDate: inDays(4),
  });
  await t.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, parties.item.id));
  return { ...parties, carol, loan };
}

describe('"tell me when it\'s free"', () => {
  it('401 without a session; 404 for a stranger; the owner cannot wait for their own item (403)', async () => {
    const { owner, stranger, item } = await lentDrill();
    expect((await t.request(null, { method: 'PUT', url: url(item.id), payload: {} })).statusCode).toBe(401);
    expect((await t.request(stranger, { method: 'PUT', url: url(item.id), payload: {} })).statusCode).toBe(404);
    expect((await t.request(stranger, { method: 'GET', url: url(item.id) })).statusCode).toBe(404);
    expect((await t.request(owner, { method: 'PUT', url: url(item.id), payload: {} })).statusCode).toBe(403);
    const bad = await t.request(owner, { method: 'PUT', url: url(item.id), payload: { from: inDays(3) } });
    expect(bad.statusCode).toBe(400);
  });

  it('the waiting person sees their place, the owner sees who waits; others see only themselves', async () => {
    const { owner, requester, carol, item } = await lentDrill();
    const join = await t.request(requester, {
      method: 'PUT',
      url: url(item.id),
      payload: { from: inDays(6), until: inDays(8) },
    });
    expect(join.statusCode).toBe(204);
    const mine = (await t.request(requester, { method: 'GET', url: url(item.id) })).json();
    expect(mine.mine).toMatchObject({ from: inDays(6), until: inDays(8) });
    expect(mine.waiting).toBeUndefined();
    expect((await t.request(carol, { method: 'GET', url: url(item.id) })).json()).toEqual({ mine: null });
    const forOwner = (await t.request(owner, { method: 'GET', url: url(item.id) })).json();
    expect(forOwner.waiting).toMatchObject([{ name: 'Bob', from: inDays(6), until: inDays(8) }]);

    expect((await t.request(requester, { method: 'DELETE', url: url(item.id) })).statusCode).toBe(204);
    expect((await t.request(owner, { method: 'GET', url: url(item.id) })).json().waiting).toEqual([]);
  });

  it('tells each waiting person once when the item comes back, and only those whose days are free', async () => {
    const { owner, requester, item, loan } = await lentDrill();
    const dave = await addViewer(t, owner, item, 'Dave');
    const erin = await addViewer(t, owner, item, 'Erin');
    // Bob waits for whenever it is back; Dave for days Erin has promised; Erin's promise is for later.
    await createLendingRequest(t.db, item, erin, {
      status: 'accepted',
      requestedFrom: inDays(20),
      expectedReturnDate: inDays(25),
    });
    await t.request(requester, { method: 'PUT', url: url(item.id), payload: {} });
    await t.request(dave, { method: 'PUT', url: url(item.id), payload: { from: inDays(22), until: inDays(23) } });

    await ownerStep(t, owner, loan.id, 'returned');
    expect(await freeNotices(requester.id)).toEqual([
      { payload: expect.objectContaining({ itemId: item.id, itemName: 'Drill', partnerId: owner.id }) },
    ]);
    expect(await freeNotices(dave.id)).toEqual([]);
    // Bob left the list; Dave still waits.
    const left = await t.db.select().from(itemWaitlist).where(eq(itemWaitlist.itemId, item.id));
    expect(left.map((row) => row.userId)).toEqual([dave.id]);
  });

  it('refuses days already gone; the owner does not see someone the item is no longer shared with', async () => {
    const { owner, requester, item } = await lentDrill();
    const gone = await t.request(requester, {
      method: 'PUT',
      url: url(item.id),
      payload: { from: inDays(-5), until: inDays(-3) },
    });
    expect(gone.json().error.issues).toEqual([{ path: 'until', messageKey: 'validation.dateInPast' }]);
    expect((await t.request(requester, { method: 'PUT', url: url(item.id), payload: {} })).statusCode).toBe(204);
    await t.db
      .update(itemContactPermissions)
      .set({ canView: false })
      .where(and(eq(itemContactPermissions.itemId, item.id), eq(itemContactPermissions.contactUserId, requester.id)));
    expect((await t.request(owner, { method: 'GET', url: url(item.id) })).json().waiting).toEqual([]);
  });

  it('does not tell someone the item is no longer shared with, and forgets entries after 30 days', async () => {
    const { owner, requester, carol, item, loan } = await lentDrill();
    await t.request(requester, { method: 'PUT', url: url(item.id), payload: {} });
    const frank = await addViewer(t, owner, item, 'Frank');
    await t.request(frank, { method: 'PUT', url: url(item.id), payload: {} });
    await t.db
      .update(itemContactPermissions)
      .set({ canView: false })
      .where(and(eq(itemContactPermissions.itemId, item.id), eq(itemContactPermissions.contactUserId, requester.id)));
    await t.db
      .update(itemWaitlist)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(itemWaitlist.itemId, item.id), eq(itemWaitlist.userId, frank.id)));

    await ownerStep(t, owner, loan.id, 'returned');
    expect(await freeNotices(requester.id)).toEqual([]);
    expect(await freeNotices(frank.id)).toEqual([]);
    expect(await freeNotices(carol.id)).toEqual([]);
    const left = await t.db.select().from(itemWaitlist).where(eq(itemWaitlist.itemId, item.id));
    expect(left.map((row) => row.userId)).toEqual([requester.id]);
  });

  it('tells them when the owner frees the days themselves: personal use ended early, back from "in use"', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const save = (fields: Record<string, unknown>) =>
      t.request(owner, {
        method: 'PUT',
        url: `/api/items/${item.id}`,
        payload: { name: 'Drill', category: 'tools', ...fields },
      });
    expect((await save({ status: 'available', personalUseUntil: inDays(20) })).statusCode).toBe(200);
    await t.request(requester, { method: 'PUT', url: url(item.id), payload: { from: inDays(5), until: inDays(6) } });
    // Still kept for the owner on those days: nothing yet.
    expect((await save({ status: 'available', personalUseUntil: inDays(10) })).statusCode).toBe(200);
    expect(await freeNotices(requester.id)).toEqual([]);
    // Ended early: the days are free, and the waiting person is told once.
    expect((await save({ status: 'available', personalUseUntil: null })).statusCode).toBe(200);
    expect(await freeNotices(requester.id)).toHaveLength(1);
    expect((await save({ status: 'available', personalUseUntil: null })).statusCode).toBe(200);
    expect(await freeNotices(requester.id)).toHaveLength(1);
  });
});
