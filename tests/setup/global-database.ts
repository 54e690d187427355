import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '@/server/db/client';
import { startEmbeddedPostgres, type RunningPostgres } from '@/server/db/embedded-postgres';
import { runMigrations } from '@/server/db/migrate';
import { TEMPLATE_DATABASE } from '../support/template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a database with CREATE DATABASE rights on the test server. */
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run (Epic Stack style): the embedded one in a
 * temporary folder, or the server named by DATABASE_URL (CI runs the suite a
 * second time against Debian's PostgreSQL 15 that way). The schema is
 * migrated once into a template database; each test file clones it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: RunningPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lendloop-test-'));
    embedded = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'warn' }), persistent: false });
    adminUrl = embedded.urlFor('postgres');
  }
  const admin = connectDatabase(adminUrl, { max: 1 });

  await admin.pool.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.pool.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.close();

  const template = connectDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  await runMigrations(template);
  await template.close();
  project.provide('adminDatabaseUrl', adminUrl);

  return async () => {
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
}
