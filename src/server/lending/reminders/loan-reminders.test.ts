import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { clearQueuedJobs, queuedJobs } from '../../../../tests/support/jobs';
import {
  borrowedLoan,
  ownerStep,
  remindersOf,
  reminderHandlers,
  runJobsAt,
  TIMING,
} from '../../../../tests/support/loans';
import { loanReminders, notifications } from '../../db/schema';
import type { JobHandlers } from '../../jobs/job-runner';
import { reminderMoments } from './reminder-schedule';
import { loanReminderJobKey } from './sync-loan-reminder';

/**
 * Reminders of a loan's due date, through the real lending routes and the
 * real job queue in PostgreSQL, with the clock set by the test
 * (docs/decisions/0026).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearQueuedJobs(t.database.pool));

async function jobOf(loanId: string) {
  const jobs = (await queuedJobs(t.database.pool)).filter((job) => job.task_identifier === 'loan-reminder');
  return jobs.filter((job) => job.payload.lendingRequestId === loanId);
}

describe('scheduling', () => {
  it('queues one keyed job from the accept on, and after its first run it waits for the day before at 9 in Zurich', async () => {
    const loan = await borrowedLoan(t, 10, false);
    const [accepted] = await jobOf(loan.loanId);
    expect(accepted?.key).toBe(loanReminderJobKey(loan.loanId));
    expect(accepted!.run_at.getTime()).toBeLessThanOrEqual(Date.now());

    await ownerStep(t, loan.owner, loan.loanId, 'borrowed');
    expect(await jobOf(loan.loanId)).toHaveLength(1);

    await runJobsAt(t, new Date());
    const [waiting] = await jobOf(loan.loanId);
    expect(waiting?.key).toBe(loanReminderJobKey(loan.loanId));
    expect(waiting?.run_at.toISOString()).toBe(reminderMoments(loan.dueDate, TIMING)[0]!.at.toISOString());
    expect(await remindersOf(t, loan.requester.id)).toEqual([]);
  });

  it('removes the job when the item comes back, and sends nothing after', async () => {
    const loan = await borrowedLoan(t);
    await runJobsAt(t, new Date());
    expect(await jobOf(loan.loanId)).toHaveLength(1);

    const returned = await t.request(loan.owner, { method: 'PUT', url: `/api/items/${loan.item.id}/return` });
    expect(returned.statusCode).toBe(204);
    expect(await jobOf(loan.loanId)).toHaveLength(0);

    for (const moment of reminderMoments(loan.dueDate, TIMING)) await runJobsAt(t, moment.at);
    // Even a job that was already running when the item came back finds the loan over.
    await reminderHandlers(t)['loan-reminder']({ lendingRequestId: loan.loanId });
    expect(await remindersOf(t, loan.requester.id)).toEqual([]);
    expect(await remindersOf(t, loan.owner.id)).toEqual([]);
  });

  it('a promised loan (accepted, not handed over) gets no due-date reminders (its hand-over has its own, issue 35)', async () => {
    const loan = await borrowedLoan(t, 10, false);
    await runJobsAt(t, new Date());
    await runJobsAt(t, reminderMoments(loan.dueDate, TIMING)[0]!.at);
    const dueDate = (await remindersOf(t, loan.requester.id)).filter((reminder) => !reminder.startsWith('handover'));
    expect(dueDate).toEqual([]);
  });
});

describe('reminders', () => {
  it('the day before: both people; the day after: overdue; then weekly; at most three overdue notices', async () => {
    const loan = await borrowedLoan(t);
    await runJobsAt(t, new Date());
    const [dueSoon, overdue1, overdue2, overdue3] = reminderMoments(loan.dueDate, TIMING);

    await runJobsAt(t, dueSoon!.at);
    expect(await remindersOf(t, loan.requester.id)).toEqual(['due_soon:0']);
    expect(await remindersOf(t, loan.owner.id)).toEqual(['due_soon:0']);
    expect((await jobOf(loan.loanId))[0]?.run_at.toISOString()).toBe(overdue1!.at.toISOString());

    // A run at the same time again (a retry, a second instance) sends nothing more.
    await reminderHandlers(t)['loan-reminder']({ lendingRequestId: loan.loanId });
    await runJobsAt(t, new Date(dueSoon!.at.getTime() + 60_000));
    expect(await remindersOf(t, loan.requester.id)).toEqual(['due_soon:0']);

    await runJobsAt(t, overdue1!.at);
    await runJobsAt(t, overdue2!.at);
    await runJobsAt(t, overdue3!.at);
    const all = ['due_soon:0', 'overdue:1', 'overdue:2', 'overdue:3'];
    expect(await remindersOf(t, loan.requester.id)).toEqual(all);
    expect(await remindersOf(t, loan.owner.id)).toEqual(all);
    expect(await jobOf(loan.loanId)).toHaveLength(0);

    const [first] = await t.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.userId, loan.requester.id))
      .limit(1);
    expect(first?.payload).toMatchObject({
      lendingRequestId: loan.loanId,
      itemName: 'Drill',
      dueDate: loan.dueDate,
      role: 'borrower',
      partnerId: loan.owner.id,
      partnerName: 'Alice',
    });
    const rows = await t.db.select().from(loanReminders).where(eq(loanReminders.lendingRequestId, loan.loanId));
    expect(rows).toHaveLength(4);
  });

  it('a reminder run takes a bounded number of statements', async () => {
    const loan = await borrowedLoan(t);
    const before = t.database.queryCount();
    await runJobsAt(t, reminderMoments(loan.dueDate, TIMING)[0]!.at, reminderHandlers(t));
    await reminderHandlers(t)['loan-reminder']({ lendingRequestId: loan.loanId });
    // graphile-worker uses its own pool; these are the job's own statements, twice:
    // BEGIN, loan, reminder row, preferences, notifications, jobs, requeue, COMMIT.
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(16);
  });
});

describe('exactly once', () => {
  it('two app instances running the same due jobs at once send each reminder once', async () => {
    const loans = [];
    for (let i = 0; i < 4; i++) loans.push(await borrowedLoan(t));
    await runJobsAt(t, new Date());
    const dayBefore = reminderMoments(loans[0]!.dueDate, TIMING)[0]!.at;

    // Two instances, each with its own handlers and worker pool, on one database,
    // and in one of them each loan's job handler runs twice at once, as a retried
    // job overlapping the first attempt would.
    const twice: JobHandlers = {
      ...reminderHandlers(t),
      'loan-reminder': async (payload) => {
        const handler = reminderHandlers(t)['loan-reminder'];
        await Promise.all([handler(payload), handler(payload)]);
      },
    };
    await runJobsAt(t, dayBefore, twice, 2);

    for (const loan of loans) {
      expect(await remindersOf(t, loan.requester.id)).toEqual(['due_soon:0']);
      expect(await remindersOf(t, loan.owner.id)).toEqual(['due_soon:0']);
    }
  });
});
