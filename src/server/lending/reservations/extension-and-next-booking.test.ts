import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@/contract/schemas/lending';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest } from '../../../../tests/support/factories';
import { addViewer } from '../../../../tests/support/lending';
import { borrowedLoan } from '../../../../tests/support/loans';

/** An extension may not run into the next person's days (issue 35, docs/decisions/0047). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (user: { id: string }, loanId: string, requestedUntil: string) =>
  t.request(user, {
    method: 'POST',
    url: `/api/lending-requests/${loanId}/extension`,
    payload: { requestedUntil, message: 'A few more days?' },
  });
const grant = (user: { id: string }, loanId: string) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/extension/accept`, payload: {} });

describe('extending a loan before the next booking', () => {
  it('the borrower is refused days someone else holds, with the days and not who; up to the day before is fine', async () => {
    const loan = await borrowedLoan(t, 10);
    const carol = await addViewer(t, loan.owner, loan.item);
    await createLendingRequest(t.db, loan.item, carol, {
      status: 'accepted',
      requestedFrom: addDays(loan.dueDate, 4),
      expectedReturnDate: addDays(loan.dueDate, 8),
    });
    const into = await ask(loan.requester, loan.loanId, addDays(loan.dueDate, 5));
    expect(into.statusCode).toBe(409);
    expect(into.json().error).toMatchObject({
      code: 'item_booked',
      conflict: { from: addDays(loan.dueDate, 4), until: addDays(loan.dueDate, 8) },
    });
    expect(into.body).not.toContain('Carol');
    expect((await ask(loan.requester, loan.loanId, addDays(loan.dueDate, 3))).statusCode).toBe(201);
  });

  it('the owner is told why when a booking came in after the request: 409 with the days, the due date unchanged', async () => {
    const loan = await borrowedLoan(t, 10);
    expect((await ask(loan.requester, loan.loanId, addDays(loan.dueDate, 5))).statusCode).toBe(201);
    const carol = await addViewer(t, loan.owner, loan.item);
    await createLendingRequest(t.db, loan.item, carol, {
      status: 'accepted',
      requestedFrom: addDays(loan.dueDate, 2),
      expectedReturnDate: addDays(loan.dueDate, 3),
    });
    const granted = await grant(loan.owner, loan.loanId);
    expect(granted.statusCode).toBe(409);
    expect(granted.json().error).toMatchObject({
      code: 'item_booked',
      conflict: { from: addDays(loan.dueDate, 2), until: addDays(loan.dueDate, 3) },
    });
    const after = await t.request(loan.owner, { method: 'GET', url: '/api/lending-requests/extensions' });
    expect(after.json()).toHaveLength(1);
  });
});
