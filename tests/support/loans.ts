import pino from 'pino';
import { vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from './app';
import { borrowPayload, inDays, lendingParties } from './lending';
import { notifications } from '@/server/db/schema';
import { runDueJobs, type JobHandlers } from '@/server/jobs/job-runner';
import { createLoanReminderJob } from '@/server/lending/reminders/loan-reminder-job';
import { idleJobHandlers } from './jobs';

/*
 * Test support for the loan tests (imported only by *.test.ts): a loan
 * handed over through the real routes, and the job queue run at a chosen time.
 */

export const TIMING = { timeZone: 'Europe/Zurich', hour: 9 };
const logger = pino({ level: 'silent' });

/** Alice lends her drill to Bob from today until `days` from today: asked, accepted and handed over through the API. */
export async function borrowedLoan(t: TestApp, days = 10, handOver = true) {
  const parties = await lendingParties(t);
  const created = await t.request(parties.requester, {
    method: 'POST',
    url: '/api/lending-requests',
    payload: borrowPayload(parties.item.id, { requestedFrom: inDays(0), expectedReturnDate: inDays(days) }),
  });
  if (created.statusCode !== 201) throw new Error(`borrow request failed: ${created.body}`);
  const loanId = created.json<{ id: string }>().id;
  await ownerStep(t, parties.owner, loanId, 'accepted');
  if (handOver) await ownerStep(t, parties.owner, loanId, 'borrowed');
  return { ...parties, loanId, dueDate: inDays(days) };
}

export async function ownerStep(t: TestApp, owner: { id: string }, loanId: string, status: string) {
  const response = await t.request(owner, {
    method: 'PUT',
    url: `/api/lending-requests/${loanId}`,
    payload: { status },
  });
  if (response.statusCode !== 200) throw new Error(`${status} failed: ${response.body}`);
}

/** The job handlers of one app instance; only the loan reminder does anything here. */
export function reminderHandlers(t: TestApp): JobHandlers {
  return {
    ...idleJobHandlers(),
    'loan-reminder': createLoanReminderJob({ db: t.db, timing: TIMING }),
  };
}

/**
 * Runs every job due at `instant`, with the clock set to it (graphile-worker
 * and the job read the same clock). `instances` runners go at once, each with
 * its own pool and handlers, as several app instances on one database would.
 */
export async function runJobsAt(
  t: TestApp,
  instant: Date,
  handlers = reminderHandlers(t),
  instances = 1,
): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: instant });
  try {
    await Promise.all(
      Array.from({ length: instances }, (_, i) =>
        runDueJobs(t.database.url, i === 0 ? handlers : reminderHandlers(t), logger),
      ),
    );
  } finally {
    vi.useRealTimers();
  }
}

/** The reminder notifications a person has, oldest first, as `event:sequence`. */
export async function remindersOf(t: TestApp, userId: string): Promise<string[]> {
  const rows = await t.db
    .select({ event: notifications.event, payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'reminder')))
    .orderBy(notifications.createdAt);
  return rows.map((row) => `${row.event}:${String(row.payload.sequence)}`);
}
