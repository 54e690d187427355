import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/**
 * Where drizzle records applied migrations: the same table and rows as its
 * own migrator (`drizzle-orm/node-postgres/migrator`), so either can take
 * over a database the other migrated, and `drizzle-kit` sees the same state.
 */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface AppliedMigrations {
  /** How many migrations this call applied (0: the database was up to date). */
  applied: number;
}

/**
 * Applies the pending migrations of `migrationsFolder` on `client`, all in
 * one transaction, as drizzle's migrator does, but each migration's file as
 * one simple-protocol query instead of one round trip per statement. On a new
 * database, runMigrations (with the job queue's) took 590–830 ms with
 * drizzle's migrator and 310–510 ms this way
 * (docs/decisions/0037-first-start-in-parallel.md).
 *
 * The reading, hashing and "pending" rule are drizzle's own
 * (`readMigrationFiles`; pending = newer than the last recorded `created_at`).
 * The caller serializes concurrent runs (migrate.ts holds an advisory lock).
 */
export async function applyMigrations(client: pg.Client, migrationsFolder: string): Promise<AppliedMigrations> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await client.query(
    `CREATE SCHEMA IF NOT EXISTS drizzle;
     CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const { rows } = await client.query<{ created_at: string }>(
    `SELECT created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`,
  );
  const last = rows[0] ? Number(rows[0].created_at) : undefined;
  const pending = migrations.filter((migration) => last === undefined || last < migration.folderMillis);
  if (pending.length === 0) return { applied: 0 };

  await client.query('BEGIN');
  try {
    for (const migration of pending) {
      // One multi-statement query, run in order inside the open transaction.
      // The separator ends a statement whose chunk lacks its own ';', even one
      // ending in a `--` comment (an extra ';' is an empty statement, which
      // PostgreSQL ignores).
      await client.query(migration.sql.join('\n;\n')).catch((error: unknown) => {
        throw new Error(`Migration ${tagOf(migrationsFolder, migration.folderMillis)} failed: ${String(error)}`, {
          cause: error,
        });
      });
      await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (hash, created_at) VALUES ($1, $2)`, [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return { applied: pending.length };
}

/** The file name (drizzle-kit's tag) of the migration made at `folderMillis`, for error messages. */
function tagOf(migrationsFolder: string, folderMillis: number): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.find((entry) => entry.when === folderMillis)?.tag ?? String(folderMillis);
}
