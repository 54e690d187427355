import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { clearQueuedJobs } from '../../../../tests/support/jobs';
import { borrowedLoan, remindersOf, runJobsAt, TIMING } from '../../../../tests/support/loans';
import { lendingRequests, notifications } from '../../db/schema';
import { renderNotificationText } from '../../notifications/notification-texts';
import { reminderMoments } from './reminder-schedule';

/**
 * Who gets a loan's reminders when an account is gone or a block stands
 * between the two (docs/decisions/0026): never a deleted account; the owner
 * of a loan whose borrower deleted their account, alone and told so; both
 * people across a block.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearQueuedJobs(t.database.pool));

describe('reminder recipients', () => {
  it('after the borrower deleted their account: nothing to the stand-in, the owner is reminded and told the borrower is not', async () => {
    const loan = await borrowedLoan(t);
    await runJobsAt(t, new Date());
    const deleted = await t.request(loan.requester, {
      method: 'DELETE',
      url: `/api/gdpr/delete-account/${loan.requester.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const [moved] = await t.db
      .select({ borrowerId: lendingRequests.requesterId, status: lendingRequests.status })
      .from(lendingRequests)
      .where(eq(lendingRequests.id, loan.loanId));
    expect(moved?.status).toBe('borrowed');

    await runJobsAt(t, reminderMoments(loan.dueDate, TIMING)[0]!.at);
    expect(await remindersOf(t, moved!.borrowerId!)).toEqual([]);
    expect(await remindersOf(t, loan.owner.id)).toEqual(['due_soon:0']);
    const [reminder] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, loan.owner.id), eq(notifications.kind, 'reminder')));
    expect(reminder?.payload).toMatchObject({ role: 'ownerOfDeleted', partnerId: moved!.borrowerId });
    const text = renderNotificationText({ ...reminder!, language: 'en' });
    expect(text.title).toBe('Drill is due back tomorrow');
    expect(text.body).toBe(
      'Its borrower deleted their account and gets no reminders. Mark it returned once you have it back.',
    );
  });

  it('across a block both people are still reminded: the loan goes on', async () => {
    const loan = await borrowedLoan(t);
    await runJobsAt(t, new Date());
    const blocked = await t.request(loan.owner, {
      method: 'POST',
      url: '/api/blocks',
      payload: { userId: loan.requester.id },
    });
    expect(blocked.statusCode).toBe(204);
    await runJobsAt(t, reminderMoments(loan.dueDate, TIMING)[0]!.at);
    expect(await remindersOf(t, loan.requester.id)).toEqual(['due_soon:0']);
    expect(await remindersOf(t, loan.owner.id)).toEqual(['due_soon:0']);
  });
});
