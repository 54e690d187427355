import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { inDays } from '../../../../tests/support/lending';
import { loanBody, recordedLoan, recordingParties } from '../../../../tests/support/recorded-loans';
import type { OwnItem } from '@/contract/schemas/item';

/**
 * What the owner's item card learns of a recorded loan (issue 19): who has
 * the item when they have no account, and that a recorded loan is no request.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ownItem(owner: { id: string }, itemId: string) {
  const mine = await t.request(owner, { method: 'GET', url: '/api/items/my' });
  const listed = mine.json<OwnItem[]>().find((item) => item.id === itemId);
  const one = await t.request(owner, { method: 'GET', url: `/api/items/${itemId}` });
  return { listed, one: one.json<OwnItem>() };
}

describe('a recorded loan on the owner’s item', () => {
  it('names a borrower without an account, in the list and the item, and counts no request', async () => {
    const { owner, unregisteredEntry, item } = await recordingParties(t);
    await recordedLoan(t, owner, item.id, loanBody({ contactId: unregisteredEntry.id }));

    const { listed, one } = await ownItem(owner, item.id);

    for (const view of [listed, one]) {
      expect(view).toMatchObject({
        status: 'borrowed',
        unregisteredBorrower: { name: 'Eve', expectedReturnDate: inDays(7) },
        requestCounts: { pending: 0, accepted: 0, other: 0 },
      });
    }
  });

  it('leaves the name to the lending request when the borrower has an account', async () => {
    const { owner, borrowerEntry, item } = await recordingParties(t);
    await recordedLoan(t, owner, item.id, loanBody({ contactId: borrowerEntry.id }));

    const { listed, one } = await ownItem(owner, item.id);

    expect(listed?.unregisteredBorrower).toBeNull();
    expect(one.unregisteredBorrower).toBeNull();
    expect(listed?.requestCounts).toEqual({ pending: 0, accepted: 0, other: 0 });
  });

  it('names nobody once the item is back', async () => {
    const { owner, item } = await recordingParties(t);
    await recordedLoan(t, owner, item.id, loanBody({ name: 'Marco' }));
    expect((await ownItem(owner, item.id)).listed?.unregisteredBorrower?.name).toBe('Marco');

    await t.request(owner, { method: 'PUT', url: `/api/items/${item.id}/return` });

    expect((await ownItem(owner, item.id)).listed?.unregisteredBorrower).toBeNull();
  });
});
