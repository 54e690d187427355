import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest } from '../../../../tests/support/factories';
import { inDays, itemStatus, lendingParties } from '../../../../tests/support/lending';
import { items, lendingRequests } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loanDays(requestId: string) {
  const [row] = await t.db
    .select({ status: lendingRequests.status, lentOn: lendingRequests.lentOn, returnedOn: lendingRequests.returnedOn })
    .from(lendingRequests)
    .where(eq(lendingRequests.id, requestId));
  return row;
}

describe('the days of a loan', () => {
  it('records the hand-out and the return day', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester, { status: 'accepted' });
    const handedOut = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${request.id}`,
      payload: { status: 'borrowed' },
    });
    expect(handedOut.statusCode).toBe(200);
    const out = await loanDays(request.id);
    expect(out?.lentOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(out?.returnedOn).toBeNull();

    const back = await t.request(owner, { method: 'PUT', url: `/api/items/${item.id}/return` });
    expect(back.statusCode).toBe(204);
    expect(await loanDays(request.id)).toMatchObject({
      status: 'returned',
      lentOn: out?.lentOn,
      returnedOn: out?.lentOn,
    });
  });

  it('takes back an item whose recorded hand-out day is still ahead (a zone ahead of ours, or the back-fill of 0014)', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester, { status: 'borrowed' });
    const tomorrow = inDays(1);
    await t.db.update(lendingRequests).set({ lentOn: tomorrow }).where(eq(lendingRequests.id, request.id));
    await t.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, item.id));

    const back = await t.request(owner, { method: 'PUT', url: `/api/items/${item.id}/return` });

    expect(back.statusCode).toBe(204);
    expect(await loanDays(request.id)).toMatchObject({ status: 'returned', lentOn: tomorrow, returnedOn: tomorrow });
    expect(await itemStatus(t, item.id)).toBe('available');
  });
});
