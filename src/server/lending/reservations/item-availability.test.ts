import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest } from '../../../../tests/support/factories';
import { addViewer, inDays, lendingParties } from '../../../../tests/support/lending';
import { items } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const availability = (user: { id: string } | null, itemId: string, from = inDays(-5), until = inDays(60)) =>
  t.request(user, { method: 'GET', url: `/api/items/${itemId}/availability?from=${from}&until=${until}` });

/** Alice's drill: lent to Carol now, promised to Bob later, and Alice keeps it for herself after that. */
async function bookedDrill() {
  const parties = await lendingParties(t);
  const carol = await addViewer(t, parties.owner, parties.item);
  const lent = await createLendingRequest(t.db, parties.item, carol, {
    status: 'borrowed',
    requestedFrom: inDays(-3),
    lentOn: inDays(-3),
    expectedReturnDate: inDays(4),
  });
  const promised = await createLendingRequest(t.db, parties.item, parties.requester, {
    status: 'accepted',
    requestedFrom: inDays(10),
    expectedReturnDate: inDays(12),
  });
  // Pending and declined requests hold nothing.
  const dave = await addViewer(t, parties.owner, parties.item, 'Dave');
  await createLendingRequest(t.db, parties.item, dave, { requestedFrom: inDays(5), expectedReturnDate: inDays(6) });
  await t.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, parties.item.id));
  return { ...parties, carol, lent, promised };
}

describe('GET /api/items/{id}/availability', () => {
  it('401 without a session, 404 for a stranger and for an unknown item', async () => {
    const { item, stranger } = await bookedDrill();
    expect((await availability(null, item.id)).statusCode).toBe(401);
    expect((await availability(stranger, item.id)).json().error.code).toBe('not_found');
    expect((await availability(stranger, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('tells the owner why and who, in order', async () => {
    const { owner, item, lent, promised } = await bookedDrill();
    const answer = await availability(owner, item.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().busy).toEqual([
      {
        from: inDays(-3),
        until: inDays(4),
        owner: { reason: 'borrowed', requestId: lent.id, borrowerName: 'Carol', overdue: false },
      },
      {
        from: inDays(10),
        until: inDays(12),
        owner: { reason: 'accepted', requestId: promised.id, borrowerName: 'Bob', overdue: false },
      },
    ]);
  });

  it('shows everyone it is shared with the days only: never who, never why', async () => {
    const { requester, item } = await bookedDrill();
    const answer = await availability(requester, item.id);
    expect(answer.json().busy).toEqual([
      { from: inDays(-3), until: inDays(4) },
      { from: inDays(10), until: inDays(12) },
    ]);
    expect(answer.body).not.toMatch(/Carol|Bob|borrowed|accepted/);
  });

  it('shows the owner’s personal use to others as plain busy days', async () => {
    const { owner, requester } = await lendingParties(t);
    const [own] = await t.db
      .insert(items)
      .values({ ownerId: owner.id, name: 'Tent', category: 'outdoor', personalUseUntil: inDays(20) })
      .returning();
    await t.db
      .update(items)
      .set({ personalUseUntil: inDays(20) })
      .where(eq(items.id, own!.id));
    const forOwner = await availability(owner, own!.id);
    expect(forOwner.json().busy).toEqual([
      {
        from: inDays(-1),
        until: inDays(19),
        owner: { reason: 'personal', requestId: null, borrowerName: null, overdue: false },
      },
    ]);
    // Not shared with the requester: 404, as the item itself.
    expect((await availability(requester, own!.id)).statusCode).toBe(404);
  });

  it('holds an overdue loan through today', async () => {
    const { owner, item } = await lendingParties(t);
    const carol = await addViewer(t, owner, item);
    const late = await createLendingRequest(t.db, item, carol, {
      status: 'borrowed',
      requestedFrom: inDays(-9),
      lentOn: inDays(-9),
      expectedReturnDate: inDays(-2),
    });
    await t.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, item.id));
    // Even a window after its agreed days shows it, through today, until it comes back.
    expect((await availability(owner, item.id, inDays(-1), inDays(30))).json().busy).toEqual([
      {
        from: inDays(-9),
        until: inDays(0),
        owner: { reason: 'borrowed', requestId: late.id, borrowerName: 'Carol', overdue: true },
      },
    ]);
  });

  it('frees the rest of a period returned early, at once', async () => {
    const { owner, requester, item, lent } = await bookedDrill();
    const back = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${lent.id}`,
      payload: { status: 'returned' },
    });
    expect(back.statusCode).toBe(200);
    expect((await availability(requester, item.id)).json().busy).toEqual([{ from: inDays(10), until: inDays(12) }]);
  });

  it('refuses a window that is reversed, not a date, or longer than 400 days', async () => {
    const { requester, item } = await bookedDrill();
    expect((await availability(requester, item.id, inDays(5), inDays(4))).statusCode).toBe(400);
    expect((await availability(requester, item.id, 'soon', inDays(4))).statusCode).toBe(400);
    const tooLong = await availability(requester, item.id, inDays(0), inDays(400));
    expect(tooLong.json().error.issues).toEqual([{ path: 'until', messageKey: 'validation.availabilityTooLong' }]);
    expect((await availability(requester, item.id, inDays(0), inDays(399))).statusCode).toBe(200);
  });
});
