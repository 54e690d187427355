import type pg from 'pg';
import { JOB_NAMES } from '@/server/jobs/job-names';
import type { JobHandlers } from '@/server/jobs/job-runner';

export interface QueuedJob {
  task_identifier: string;
  payload: Record<string, string>;
  key: string | null;
  run_at: Date;
  attempts: number;
  last_error: string | null;
}

/** The jobs waiting in graphile-worker's queue, oldest first (its public `jobs` view hides the payload). */
export async function queuedJobs(pool: pg.Pool): Promise<QueuedJob[]> {
  const { rows } = await pool.query<QueuedJob>(
    `SELECT t.identifier AS task_identifier, j.payload, j.key, j.run_at, j.attempts, j.last_error
     FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     ORDER BY j.id`,
  );
  return rows;
}

/** Empties the queue (between the cases of a file that share one database). */
export async function clearQueuedJobs(pool: pg.Pool): Promise<void> {
  await pool.query('DELETE FROM graphile_worker._private_jobs');
}

/** Empties what waits to be delivered: the job queue and the digests marked due (docs/decisions/0033). */
export async function clearPendingDelivery(pool: pg.Pool): Promise<void> {
  await clearQueuedJobs(pool);
  await pool.query('DELETE FROM pending_email_digests');
}

/**
 * Handlers that do nothing, for every job: a test spreads these and replaces
 * the one job it is about, so a new job never needs every test touched.
 */
export function idleJobHandlers(): JobHandlers {
  const idle = async () => undefined;
  // Object.fromEntries loses the key-to-payload pairing; every name maps to the same no-op, which fits each.
  return Object.fromEntries(JOB_NAMES.map((name) => [name, idle])) as unknown as JobHandlers;
}
