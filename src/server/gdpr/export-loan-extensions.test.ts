import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedAccount } from '../../../tests/support/account-export';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { borrowedLoan } from '../../../tests/support/loans';
import { addDays } from '../../contract/schemas/lending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exported = (userId: string) =>
  exportedAccount<{ loanExtensions: { asBorrower: unknown[]; asOwner: unknown[] } }>(t, userId);

describe('the data export', () => {
  it('holds the extension requests the person asked for and the ones asked of them', async () => {
    const loan = await borrowedLoan(t);
    const until = addDays(loan.dueDate, 4);
    const asked = await t.request(loan.requester, {
      method: 'POST',
      url: `/api/lending-requests/${loan.loanId}/extension`,
      payload: { requestedUntil: until, message: 'One more weekend?' },
    });
    expect(asked.statusCode).toBe(201);

    const borrower = await exported(loan.requester.id);
    expect(borrower.loanExtensions).toEqual({
      asBorrower: [
        expect.objectContaining({
          lendingRequestId: loan.loanId,
          item: { id: loan.item.id, name: 'Drill' },
          owner: expect.objectContaining({ name: 'Alice' }),
          requestedUntil: until,
          message: 'One more weekend?',
          status: 'pending',
        }),
      ],
      asOwner: [],
    });
    const owner = await exported(loan.owner.id);
    expect(owner.loanExtensions.asBorrower).toEqual([]);
    expect(owner.loanExtensions.asOwner).toEqual([
      expect.objectContaining({ borrower: expect.objectContaining({ name: 'Bob' }), requestedUntil: until }),
    ]);
    expect((await exported(loan.stranger.id)).loanExtensions).toEqual({ asBorrower: [], asOwner: [] });
  });

  it('keeps them once the loan came back and the owner deleted the item, under the item’s name', async () => {
    const loan = await borrowedLoan(t);
    const asked = await t.request(loan.requester, {
      method: 'POST',
      url: `/api/lending-requests/${loan.loanId}/extension`,
      payload: { requestedUntil: addDays(loan.dueDate, 2), message: 'Two more days?' },
    });
    expect(asked.statusCode).toBe(201);
    const back = await t.request(loan.owner, { method: 'PUT', url: `/api/items/${loan.item.id}/return` });
    expect(back.statusCode).toBe(204);
    const deleted = await t.request(loan.owner, { method: 'DELETE', url: `/api/items/${loan.item.id}` });
    expect(deleted.statusCode).toBe(204);

    for (const [person, side] of [
      [loan.requester, 'asBorrower'],
      [loan.owner, 'asOwner'],
    ] as const) {
      expect((await exported(person.id)).loanExtensions[side]).toEqual([
        expect.objectContaining({ lendingRequestId: loan.loanId, item: { id: null, name: 'Drill' } }),
      ]);
    }
  });
});
