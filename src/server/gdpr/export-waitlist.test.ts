import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedAccount } from '../../../tests/support/account-export';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createLendingRequest } from '../../../tests/support/factories';
import { inDays, lendingParties } from '../../../tests/support/lending';
import { itemHolds, itemWaitlist, lendingRequests } from '../db/schema';
import { deleteAccount } from './delete-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exported = (userId: string) => exportedAccount<{ waitingLists: unknown[]; lendingRequests: unknown }>(t, userId);

describe('reservations and waiting lists in the data export and account deletion (issue 35)', () => {
  it('exports the items the person waits for, with the days; not who waits for their own items', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await t.request(requester, {
      method: 'PUT',
      url: `/api/items/${item.id}/waitlist`,
      payload: { from: inDays(3), until: inDays(5) },
    });
    expect((await exported(requester.id)).waitingLists).toEqual([
      {
        item: { id: item.id, name: 'Drill' },
        from: inDays(3),
        until: inDays(5),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    expect((await exported(owner.id)).waitingLists).toEqual([]);
  });

  it('deleting the account takes its waiting-list entries, and frees the days its reservations held', async () => {
    const { requester, item } = await lendingParties(t);
    await t.request(requester, { method: 'PUT', url: `/api/items/${item.id}/waitlist`, payload: {} });
    const reservation = await createLendingRequest(t.db, item, requester, {
      status: 'accepted',
      requestedFrom: inDays(10),
      expectedReturnDate: inDays(12),
    });
    expect(await t.db.select().from(itemHolds).where(eq(itemHolds.itemId, item.id))).toHaveLength(1);

    await deleteAccount(t.db, { id: requester.id }, requester.id);
    expect(await t.db.select().from(itemWaitlist).where(eq(itemWaitlist.userId, requester.id))).toEqual([]);
    const [after] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, reservation.id));
    expect(after?.status ?? 'gone').not.toBe('accepted');
    expect(await t.db.select().from(itemHolds).where(eq(itemHolds.itemId, item.id))).toEqual([]);
  });
});
