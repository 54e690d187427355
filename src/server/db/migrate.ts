import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger as JobQueueLogger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { applyMigrations } from './apply-migrations';
import type { DatabaseHandle } from './client';

/** Arbitrary constant naming our migration lock in pg_advisory_lock. */
const MIGRATION_LOCK_KEY = 7_424_190_331;

/**
 * Applies the committed migrations in `drizzle/` (drizzle's files and
 * bookkeeping, applied a file per query: apply-migrations.ts) and, at the same
 * time, the job queue's. Several instances may start
 * at once against one database: a session-level advisory lock, held on its own
 * connection, lets one migrate while the others wait and then find nothing to do.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  // Its own client, outside the pool: a pool of one would otherwise deadlock.
  const lockClient = new pg.Client({ connectionString: handle.url });
  // A lost connection fails the migration (and the start-up); it must not escape as an uncaught error.
  lockClient.on('error', () => undefined);
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // Both settle before the lock is released (finally), even when one fails.
    const outcomes = await Promise.allSettled([
      // On the lock's own connection: a plain client, whose simple-protocol
      // queries take a migration file at a time (apply-migrations.ts).
      applyMigrations(lockClient, migrationsFolder()),
      // The job queue's own schema (graphile_worker), versioned by the package
      // (docs/decisions/0023-job-queue.md); idempotent like ours. It shares no
      // object with ours, so both run at once, each on its own connection.
      runJobQueueMigrations({ pgPool: handle.pool, logger: silentJobQueueLogger }),
    ]);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  } finally {
    await lockClient.end().catch(() => undefined);
  }
}

/** graphile-worker logs each migration step at info level: not interesting at every start. */
const silentJobQueueLogger = new JobQueueLogger(() => () => undefined);

export function migrationsFolder(): string {
  // From src/server/db (tsx, vitest) or dist/server (the built bundle).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}
