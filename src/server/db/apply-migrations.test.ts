import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../../tests/support/database';
import { applyMigrations } from './apply-migrations';
import { migrationsFolder } from './migrate';

/**
 * Our runner must leave a database exactly as drizzle's own migrator does
 * (docs/decisions/0037): the same schema and the same bookkeeping rows, so
 * either can take over from the other.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function emptyDatabase(): Promise<pg.Client> {
  const database = await createEmptyTestDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => database.destroy());
  cleanups.push(() => client.end());
  return client;
}

/** Runs drizzle's own migrator on the database `client` is connected to. */
async function migrateWithDrizzle(client: pg.Client, folder: string): Promise<void> {
  await migrate(drizzle(client), { migrationsFolder: folder });
}

/** Everything the migrations define, in a comparable form. */
async function schemaOf(client: pg.Client) {
  const ours = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%'`;
  const lines = async (text: string) => (await client.query<{ line: string }>(text)).rows.map((row) => row.line);
  return {
    columns: await lines(
      `SELECT concat_ws(' ', c.relkind, n.nspname, c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
              a.attnotnull, pg_get_expr(d.adbin, d.adrelid)) AS line
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE ${ours} AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1`,
    ),
    constraints: await lines(
      `SELECT concat_ws(' ', con.conrelid::regclass, con.conname, pg_get_constraintdef(con.oid)) AS line
       FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace WHERE ${ours} ORDER BY 1`,
    ),
    indexes: await lines(
      `SELECT indexdef AS line FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    ),
    triggers: await lines(
      `SELECT pg_get_triggerdef(t.oid) AS line FROM pg_trigger t WHERE NOT t.tgisinternal ORDER BY 1`,
    ),
    functions: await lines(
      `SELECT pg_get_functiondef(p.oid) AS line FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE ${ours} AND p.prokind IN ('f', 'p') ORDER BY 1`,
    ),
    types: await lines(
      `SELECT concat_ws(' ', n.nspname, t.typname, array_to_string(array(
                SELECT e.enumlabel FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder), ',')) AS line
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${ours} AND t.typtype = 'e' ORDER BY 1`,
    ),
    extensions: await lines(`SELECT extname AS line FROM pg_extension ORDER BY 1`),
  };
}

async function bookkeepingOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id',
  );
  return rows.map((row) => `${row.created_at} ${row.hash}`);
}

/** A copy of the committed migrations folder holding only the first `count` migrations. */
function firstMigrations(count: number): string {
  const source = migrationsFolder();
  const folder = mkdtempSync(path.join(tmpdir(), 'lendloop-migrations-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  journal.entries = journal.entries.slice(0, count);
  mkdirSync(path.join(folder, 'meta'));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    cpSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** A migrations folder with the given files, in drizzle-kit's layout. */
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'lendloop-migrations-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  mkdirSync(path.join(folder, 'meta'));
  const entries = Object.keys(files).map((tag, idx) => ({
    idx,
    version: '7',
    when: 1_700_000_000_000 + idx,
    tag,
    breakpoints: true,
  }));
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  for (const [tag, text] of Object.entries(files)) writeFileSync(path.join(folder, `${tag}.sql`), text);
  return folder;
}

describe('applyMigrations', () => {
  it('leaves a new database as drizzle’s migrator does: the same schema and the same bookkeeping', async () => {
    const byDrizzle = await emptyDatabase();
    const byUs = await emptyDatabase();
    await migrateWithDrizzle(byDrizzle, migrationsFolder());
    const result = await applyMigrations(byUs, migrationsFolder());

    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(result.applied).toBe(journal.entries.length);
    const expected = await schemaOf(byDrizzle);
    expect(expected.columns.length).toBeGreaterThan(100);
    expect(expected.triggers.length).toBeGreaterThan(5);
    expect(await schemaOf(byUs)).toEqual(expected);
    expect(await bookkeepingOf(byUs)).toEqual(await bookkeepingOf(byDrizzle));
  });

  it('takes over where drizzle’s migrator stopped, and drizzle’s finds nothing left after ours', async () => {
    const reference = await emptyDatabase();
    await migrateWithDrizzle(reference, migrationsFolder());

    const database = await emptyDatabase();
    await migrateWithDrizzle(database, firstMigrations(10));
    expect((await bookkeepingOf(database)).length).toBe(10);
    const result = await applyMigrations(database, migrationsFolder());
    expect(result.applied).toBe((await bookkeepingOf(reference)).length - 10);
    expect(await bookkeepingOf(database)).toEqual(await bookkeepingOf(reference));

    await migrateWithDrizzle(database, migrationsFolder());
    expect(await bookkeepingOf(database)).toEqual(await bookkeepingOf(reference));
    expect(await schemaOf(database)).toEqual(await schemaOf(reference));
  });

  it('applies nothing to an up-to-date database', async () => {
    const database = await emptyDatabase();
    await applyMigrations(database, migrationsFolder());
    const before = await bookkeepingOf(database);
    expect(await applyMigrations(database, migrationsFolder())).toEqual({ applied: 0 });
    expect(await bookkeepingOf(database)).toEqual(before);
  });

  it('runs statements whose chunk has no closing semicolon', async () => {
    const database = await emptyDatabase();
    const folder = folderWith({
      '0000_first': 'CREATE TABLE first_table (id int)\n--> statement-breakpoint\nCREATE TABLE second_table (id int)',
    });
    await applyMigrations(database, folder);
    const { rows } = await database.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relname IN ('first_table', 'second_table') ORDER BY 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(['first_table', 'second_table']);
  });

  it('writes nothing when a migration fails: not the earlier ones of the run, not their rows', async () => {
    const database = await emptyDatabase();
    const folder = folderWith({
      '0000_good': 'CREATE TABLE kept_if_all_succeed (id int);',
      '0001_bad': 'CREATE TABLE also_rolled_back (id int);\n--> statement-breakpoint\nSELECT 1 / 0;',
    });
    await expect(applyMigrations(database, folder)).rejects.toThrow(/Migration 0001_bad failed: .*division by zero/);
    const { rows } = await database.query(
      `SELECT relname FROM pg_class WHERE relname IN ('kept_if_all_succeed', 'also_rolled_back')`,
    );
    expect(rows).toEqual([]);
    expect(await bookkeepingOf(database)).toEqual([]);
    // The connection is usable afterwards (no transaction left open).
    expect((await database.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
