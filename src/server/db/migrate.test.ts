import { afterEach, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../../tests/support/database';
import { connectDatabase, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

it('lets several instances start on one new database at once: one migrates, the others find it done', async () => {
  const database = await createEmptyTestDatabase();
  cleanups.push(() => database.destroy());
  const handles: DatabaseHandle[] = [0, 1, 2].map(() => connectDatabase(database.url, { max: 2 }));
  for (const handle of handles) cleanups.push(() => handle.close());

  await Promise.all(handles.map((handle) => runMigrations(handle)));

  const [handle] = handles;
  const applied = await handle!.pool.query<{ count: string }>('SELECT count(*) FROM drizzle.__drizzle_migrations');
  const distinct = await handle!.pool.query<{ count: string }>(
    'SELECT count(DISTINCT created_at) FROM drizzle.__drizzle_migrations',
  );
  expect(Number(applied.rows[0]!.count)).toBeGreaterThan(20);
  expect(applied.rows[0]!.count).toBe(distinct.rows[0]!.count);
  // The job queue's schema is there too.
  const jobs = await handle!.pool.query(`SELECT to_regclass('graphile_worker._private_jobs') AS jobs`);
  expect(jobs.rows[0]).toEqual({ jobs: 'graphile_worker._private_jobs' });
});
