import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { enqueueJob, enqueueJobs, removeJob } from './enqueue-job';
import { runDueJobs, startJobRunner, type JobHandlers, type JobRunner } from './job-runner';

const logger = pino({ level: 'silent' });
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

/** Handlers that record what ran; only loan-reminder is used here (any job name would do). */
function recordingHandlers(seen: string[]): JobHandlers {
  return {
    'deliver-push': async ({ notificationId }) => void seen.push(`push:${notificationId}`),
    'email-digest': async ({ userId }) => void seen.push(`digest:${userId}`),
    'email-digests-due': async () => void seen.push('digests-due'),
    'loan-reminder': async ({ lendingRequestId }) => void seen.push(lendingRequestId),
    'sweep-photo-objects': async () => void seen.push('sweep'),
    'send-account-mail': async ({ kind }) => void seen.push(`mail:${kind}`),
  };
}

async function pendingJobs(): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.jobs');
  return rows[0]!.n;
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the job queue', () => {
  it('keeps a job only when the change that queued it commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'loan-reminder', { lendingRequestId: id(1) });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await pendingJobs()).toBe(0);

    await database.db.transaction(async (tx) => enqueueJob(tx, 'loan-reminder', { lendingRequestId: id(2) }));
    const seen: string[] = [];
    await runDueJobs(database.url, recordingHandlers(seen), logger);
    expect(seen).toEqual([id(2)]);
    expect(await pendingJobs()).toBe(0);
  });

  it('runs a job only when its time has come, by the clock the test sets', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T08:00:00Z') });
    try {
      await enqueueJob(
        database.db,
        'loan-reminder',
        { lendingRequestId: id(3) },
        { runAt: new Date('2026-05-09T09:00:00Z') },
      );
      const seen: string[] = [];
      await runDueJobs(database.url, recordingHandlers(seen), logger);
      expect(seen).toEqual([]);
      vi.setSystemTime(new Date('2026-05-09T09:00:01Z'));
      await runDueJobs(database.url, recordingHandlers(seen), logger);
      expect(seen).toEqual([id(3)]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one pending job per key: a new time replaces the old, and removing the key cancels it', async () => {
    const far = new Date(Date.now() + 86_400_000);
    await enqueueJob(database.db, 'loan-reminder', { lendingRequestId: id(4) }, { runAt: far, jobKey: 'k4' });
    await enqueueJob(
      database.db,
      'loan-reminder',
      { lendingRequestId: id(4) },
      { runAt: new Date(Date.now() - 1000), jobKey: 'k4' },
    );
    expect(await pendingJobs()).toBe(1);
    const seen: string[] = [];
    await runDueJobs(database.url, recordingHandlers(seen), logger);
    expect(seen).toEqual([id(4)]);

    await enqueueJob(database.db, 'loan-reminder', { lendingRequestId: id(5) }, { jobKey: 'k5', runAt: far });
    await removeJob(database.db, 'k5');
    expect(await pendingJobs()).toBe(0);
  });

  it('with preserve_run_at, a later add does not postpone the pending job', async () => {
    const soon = new Date(Date.now() - 1000);
    await enqueueJob(
      database.db,
      'email-digest',
      { userId: id(6) },
      { runAt: soon, jobKey: 'd6', jobKeyMode: 'preserve_run_at' },
    );
    await enqueueJob(
      database.db,
      'email-digest',
      { userId: id(6) },
      {
        runAt: new Date(Date.now() + 86_400_000),
        jobKey: 'd6',
        jobKeyMode: 'preserve_run_at',
      },
    );
    const seen: string[] = [];
    await runDueJobs(database.url, recordingHandlers(seen), logger);
    expect(seen).toEqual([`digest:${id(6)}`]);
  });

  it('runs each job exactly once with two instances on one database', async () => {
    const count = 60;
    const seen: string[] = [];
    const runners: JobRunner[] = [];
    // Two runners, as two app instances would have, each recording what it ran.
    for (let i = 0; i < 2; i++) {
      const handlers = recordingHandlers(seen);
      const slow: JobHandlers = {
        ...handlers,
        // A little work per job, so both runners are busy at the same time.
        'loan-reminder': async (payload) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await handlers['loan-reminder'](payload);
        },
      };
      runners.push(
        // No clock jobs: a minute's tick during the test would add one to the count.
        await startJobRunner({ databaseUrl: database.url, handlers: slow, logger, pollIntervalMs: 200, schedule: [] }),
      );
    }
    try {
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < count; n++) await enqueueJob(tx, 'loan-reminder', { lendingRequestId: id(100 + n) });
      });
      await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(count), { timeout: 15_000, interval: 50 });
    } finally {
      // stop() lets each runner finish the jobs it holds: a duplicate, if there were one, is in `seen` after it.
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    expect(await pendingJobs()).toBe(0);
  });

  it('a job whose payload does not fit is failed, not run', async () => {
    await database.pool.query(
      `SELECT graphile_worker.add_job('loan-reminder', '{"lendingRequestId":"not-a-uuid"}'::json, max_attempts => 1)`,
    );
    const seen: string[] = [];
    await runDueJobs(database.url, recordingHandlers(seen), logger);
    expect(seen).toEqual([]);
    const { rows } = await database.pool.query<{ last_error: string | null }>(
      'SELECT last_error FROM graphile_worker.jobs',
    );
    expect(rows[0]?.last_error).toMatch(/uuid/i);
    await database.pool.query('DELETE FROM graphile_worker._private_jobs');
  });
});

describe('enqueueJobs', () => {
  it('adds many jobs in one statement, keyed ones keeping their earlier time with preserveRunAt', async () => {
    const before = database.queryCount();
    const later = new Date(Date.now() + 86_400_000);
    await enqueueJobs(database.db, [
      { name: 'deliver-push', payload: { notificationId: id(201) } },
      { name: 'deliver-push', payload: { notificationId: id(202) } },
      { name: 'email-digest', payload: { userId: id(203) }, jobKey: 'digest-203', runAt: new Date(Date.now() - 1000) },
    ]);
    await enqueueJobs(
      database.db,
      [{ name: 'email-digest', payload: { userId: id(203) }, jobKey: 'digest-203', runAt: later }],
      {
        preserveRunAt: true,
      },
    );
    expect(database.queryCount() - before).toBe(2);
    const seen: string[] = [];
    await runDueJobs(database.url, recordingHandlers(seen), logger);
    expect(seen.sort()).toEqual([`digest:${id(203)}`, `push:${id(201)}`, `push:${id(202)}`]);
  });
});

describe('the jobs on a clock', () => {
  it('are registered with graphile-worker when an instance starts its runner', async () => {
    const runner = await startJobRunner({ databaseUrl: database.url, handlers: recordingHandlers([]), logger });
    try {
      // graphile-worker records each schedule it will run (once per tick across instances) as it starts.
      await vi.waitFor(
        async () => {
          const { rows } = await database.pool.query<{ identifier: string }>(
            'SELECT identifier FROM graphile_worker._private_known_crontabs ORDER BY identifier',
          );
          expect(rows.map((row) => row.identifier)).toEqual(['email-digests-due', 'sweep-photo-objects']);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await runner.stop();
    }
  });
});
