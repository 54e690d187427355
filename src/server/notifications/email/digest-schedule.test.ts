import { sql } from 'drizzle-orm';
import { parseCronItems } from 'graphile-worker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database';
import { createUser } from '../../../../tests/support/factories';
import { clearPendingDelivery, queuedJobs } from '../../../../tests/support/jobs';
import { pendingEmailDigests } from '../../db/schema';
import { JOB_SCHEDULE } from '../../jobs/job-names';
import { DUE_DIGESTS_PER_STEP, emailDigestJobKey, queueDueDigests, rescheduleDigest } from './digest-schedule';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
beforeEach(async () => {
  await clearPendingDelivery(database.pool);
});

const now = new Date('2026-05-01T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const pending = () => database.db.select().from(pendingEmailDigests).orderBy(pendingEmailDigests.dueAt);

describe('queueDueDigests (the minute job email-digests-due)', () => {
  it('turns the digests due by now into keyed digest jobs and leaves the others pending', async () => {
    const [due, alsoDue, later] = await Promise.all([1, 2, 3].map(() => createUser(database.db)));
    await database.db.insert(pendingEmailDigests).values([
      { userId: due!.id, dueAt: minutes(-5) },
      { userId: alsoDue!.id, dueAt: now },
      { userId: later!.id, dueAt: minutes(1) },
    ]);
    expect(await queueDueDigests(database.db, now)).toBe(2);
    const jobs = await queuedJobs(database.pool);
    expect(jobs.map((job) => [job.task_identifier, job.key, job.payload, job.run_at]).sort()).toEqual(
      [
        ['email-digest', emailDigestJobKey(due!.id), { userId: due!.id }, now],
        ['email-digest', emailDigestJobKey(alsoDue!.id), { userId: alsoDue!.id }, now],
      ].sort(),
    );
    expect(await pending()).toEqual([{ userId: later!.id, dueAt: minutes(1) }]);
  });

  it('queues each due digest once when two instances run it at the same moment', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(database.db)));
    await database.db.insert(pendingEmailDigests).values(people.map((p) => ({ userId: p.id, dueAt: minutes(-1) })));
    const [first, second] = await Promise.all([queueDueDigests(database.db, now), queueDueDigests(database.db, now)]);
    expect(first + second).toBe(30);
    const keys = (await queuedJobs(database.pool)).map((job) => job.key);
    expect(new Set(keys).size).toBe(30);
    expect(await pending()).toEqual([]);
  });

  it('skips a row another transaction holds instead of waiting for it, and leaves it for the next minute', async () => {
    const [held, free] = await Promise.all([1, 2].map(() => createUser(database.db)));
    await database.db.insert(pendingEmailDigests).values([
      { userId: held!.id, dueAt: minutes(-2) },
      { userId: free!.id, dueAt: minutes(-1) },
    ]);
    const holder = await database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM pending_email_digests WHERE user_id = $1 FOR UPDATE', [held!.id]);
      // Without SKIP LOCKED the sweep would wait for the holder, which waits for the test: give up after 5 s.
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000));
      expect(await Promise.race([queueDueDigests(database.db, now), waited])).toBe(1);
      expect((await queuedJobs(database.pool)).map((job) => job.key)).toEqual([emailDigestJobKey(free!.id)]);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect(await pending()).toEqual([{ userId: held!.id, dueAt: minutes(-2) }]);
  });

  it('works off a backlog larger than one step', async () => {
    // People written set-wise: a backlog is many accounts, and the factory's one insert each would be slow.
    const count = DUE_DIGESTS_PER_STEP + 3;
    await database.db.execute(sql`
      INSERT INTO users (issuer, subject, username, name)
      SELECT 'backlog', 'backlog-' || n, 'backlog' || n, 'Backlog ' || n FROM generate_series(1, ${count}) AS n`);
    await database.db.execute(sql`
      INSERT INTO pending_email_digests (user_id, due_at)
      SELECT id, ${minutes(-1).toISOString()}::timestamptz FROM users WHERE issuer = 'backlog'`);
    expect(await queueDueDigests(database.db, now)).toBe(count);
    expect(await queuedJobs(database.pool)).toHaveLength(count);
  });

  it('is on the clock: graphile-worker accepts the schedule main.ts runs', () => {
    const parsed = parseCronItems(JOB_SCHEDULE.map(({ task, match }) => ({ task, match, identifier: task })));
    expect(parsed.map((item) => item.task)).toEqual(['email-digests-due', 'sweep-photo-objects']);
  });
});

describe('rescheduleDigest (a digest that left younger events behind)', () => {
  it('marks the digest due again, or keeps an earlier time an event set meanwhile', async () => {
    const ada = await createUser(database.db);
    await rescheduleDigest(database.db, ada.id, minutes(10));
    expect(await pending()).toEqual([{ userId: ada.id, dueAt: minutes(10) }]);
    await rescheduleDigest(database.db, ada.id, minutes(12));
    expect(await pending()).toEqual([{ userId: ada.id, dueAt: minutes(10) }]);
    await rescheduleDigest(database.db, ada.id, minutes(4));
    expect(await pending()).toEqual([{ userId: ada.id, dueAt: minutes(4) }]);
  });
});
