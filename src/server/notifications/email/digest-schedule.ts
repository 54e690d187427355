import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { pendingEmailDigests } from '../../db/schema';
import { enqueueJobs } from '../../jobs/enqueue-job';

/**
 * When each person's email digest is due (docs/decisions/0025, 0033): a row
 * of `pending_email_digests` per person, turned into an 'email-digest' job
 * once a minute by 'email-digests-due'.
 */

/** Due rows turned into jobs per transaction: a backlog is worked off in steps, each one short. */
export const DUE_DIGESTS_PER_STEP = 500;

/** The job key of a person's digest: one digest job per person at a time. */
export function emailDigestJobKey(userId: string): string {
  return `email-digest:${userId}`;
}

/**
 * A digest that left younger events behind: due again when the oldest of
 * them is, or earlier if an event since has already asked for an earlier time.
 */
export async function rescheduleDigest(tx: DbOrTx, userId: string, dueAt: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${pendingEmailDigests} (user_id, due_at) VALUES (${userId}::uuid, ${dueAt.toISOString()}::timestamptz)
    ON CONFLICT (user_id) DO UPDATE SET due_at = least(${pendingEmailDigests.dueAt}, excluded.due_at)`);
}

/**
 * The 'email-digests-due' job: the digests due by `now` become 'email-digest'
 * jobs, each row deleted in the transaction that queues its job, so a row is
 * queued once even if two of these run at once (SKIP LOCKED: each takes
 * rows the other does not hold). An event recorded meanwhile waits for the
 * step's commit, then writes its row afresh: its digest follows later.
 * Returns how many it queued.
 */
export async function queueDueDigests(db: Database, now: Date): Promise<number> {
  let queued = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ user_id: string }>(sql`
        DELETE FROM ${pendingEmailDigests} WHERE user_id IN (
          SELECT user_id FROM ${pendingEmailDigests}
           WHERE due_at <= ${now.toISOString()}::timestamptz
           ORDER BY due_at LIMIT ${DUE_DIGESTS_PER_STEP}
             FOR UPDATE SKIP LOCKED)
        RETURNING user_id`);
      await enqueueJobs(
        tx,
        rows.map((row) => ({
          name: 'email-digest' as const,
          payload: { userId: row.user_id },
          jobKey: emailDigestJobKey(row.user_id),
          // Due by the same clock that found the digest due (a test's clock, too).
          runAt: now,
        })),
      );
      return rows.length;
    });
    queued += step;
    if (step < DUE_DIGESTS_PER_STEP) return queued;
  }
}
