import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '@/server/db/client';

import { TEMPLATE_DATABASE } from './template-database';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the pool and drops the database. */
  destroy(): Promise<void>;
  /** How many statements went through the pool so far (to prove list endpoints run a bounded number). */
  queryCount(): number;
}

/** A fresh database cloned from the migrated template: milliseconds, and isolated per test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = connectDatabase(adminUrl, { max: 1 });
  try {
    await cloneTemplate(admin, name);
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.href, { max: 5 });
  let queries = 0;
  // Counts at the driver, below Drizzle, so every statement of every use case is seen.
  handle.pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        queries += 1;
        return query(...args);
      },
    });
  });
  return {
    ...handle,
    queryCount: () => queries,
    async destroy() {
      await handle.close().catch(() => undefined);
      const dropper = connectDatabase(adminUrl, { max: 1 });
      await dropper.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.close());
    },
  };
}

/** An empty database (no migrations), for tests of the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<{ url: string; destroy(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `e_${randomBytes(6).toString('hex')}`;
  const admin = connectDatabase(adminUrl, { max: 1 });
  await admin.pool.query(`CREATE DATABASE ${name}`).finally(() => admin.close());
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async destroy() {
      const dropper = connectDatabase(adminUrl, { max: 1 });
      await dropper.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.close());
    },
  };
}

async function cloneTemplate(admin: DatabaseHandle, name: string): Promise<void> {
  // Two files cloning at the same instant can see "source database is being
  // accessed by other users"; a short retry settles it.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.pool.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}
