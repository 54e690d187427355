import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { JobName, JobPayloads } from './job-names';

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one pending job per key: adding one with the same key replaces
   * the pending one (its payload and, by default, its time). A reminder per
   * loan uses this, so moving the due date moves the reminder.
   */
  jobKey?: string;
  /** `preserve_run_at`: a later add with the same key keeps the earlier time (a digest is not postponed by every new event). */
  jobKeyMode?: 'replace' | 'preserve_run_at';
  maxAttempts?: number;
}

/**
 * Adds a job through graphile-worker's SQL API, on the connection (or inside
 * the transaction) the caller passes: the job commits or rolls back with the
 * change that called for it.
 */
export async function enqueueJob<N extends JobName>(
  db: DbOrTx,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<void> {
  await db.execute(sql`
    SELECT graphile_worker.add_job(
      identifier => ${name}::text,
      payload => ${JSON.stringify(payload)}::json,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? null}::int,
      job_key => ${options.jobKey ?? null}::text,
      job_key_mode => ${options.jobKeyMode ?? 'replace'}::text
    )`);
}

/** Removes the pending job with this key, if any (a loan returned early needs no reminder). */
export async function removeJob(db: DbOrTx, jobKey: string): Promise<void> {
  await db.execute(sql`SELECT graphile_worker.remove_job(${jobKey}::text)`);
}

export interface JobSpec<N extends JobName = JobName> {
  name: N;
  payload: JobPayloads[N];
  runAt?: Date;
  jobKey?: string;
}

/**
 * Adds many jobs in one statement (a network request notifies everyone in a
 * network: the statement count must not grow with the recipients). With
 * `preserveRunAt`, keyed jobs keep the time of a pending job with the same key.
 */
export async function enqueueJobs(
  db: DbOrTx,
  specs: JobSpec[],
  options: { preserveRunAt?: boolean } = {},
): Promise<void> {
  if (specs.length === 0) return;
  const rows = specs.map((spec) => ({
    identifier: spec.name,
    payload: spec.payload,
    run_at: spec.runAt?.toISOString() ?? null,
    job_key: spec.jobKey ?? null,
  }));
  await db.execute(sql`
    SELECT count(*) FROM graphile_worker.add_jobs(
      ARRAY(
        SELECT ROW(j.identifier, j.payload, NULL, j.run_at, NULL, j.job_key, NULL, NULL)::graphile_worker.job_spec
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS j(identifier text, payload json, run_at timestamptz, job_key text)
      ),
      ${options.preserveRunAt ?? false}::boolean
    )`);
}
