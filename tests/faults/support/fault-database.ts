import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createSession } from '@/server/auth/session-store';
import { connectDatabase } from '@/server/db/client';
import { createMutualContacts, createUser } from '../../support/factories';

/** The database of the embedded PostgreSQL a server runs on `dataDir`, found as `npm run seed` finds it. */
export function embeddedDatabaseUrl(dataDir: string): string {
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lendloop`;
}

export function embeddedPostmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** One short-lived connection per use: the suite kills connections, so it keeps none open. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface Person {
  id: string;
  cookie: string;
}

/**
 * A writer who creates items under load and a watcher with a live stream,
 * contacts of each other (the writer's "Can see" ticks reach the watcher as
 * `items_changed`). Sessions are written straight to the database, as
 * tests/support/app.ts does: the sign-in flow is not under test here.
 */
export async function seedPeople(url: string): Promise<{ writer: Person; watcher: Person }> {
  const handle = connectDatabase(url, { max: 1 });
  try {
    const writer = await createUser(handle.db);
    const watcher = await createUser(handle.db);
    await createMutualContacts(handle.db, writer, watcher);
    const cookie = async (userId: string) => `lendloop_session=${await createSession(handle.db, userId, null)}`;
    return {
      writer: { id: writer.id, cookie: await cookie(writer.id) },
      watcher: { id: watcher.id, cookie: await cookie(watcher.id) },
    };
  } finally {
    await handle.close();
  }
}

/** Every acknowledged item must be in the table; `rows` counts the owner's items the write load created. */
export async function checkItems(
  url: string,
  ownerId: string,
  acknowledged: string[],
): Promise<{ rows: number; missing: string[] }> {
  return withClient(url, async (client) => {
    const total = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM items WHERE owner_id = $1 AND name LIKE 'Load item %'",
      [ownerId],
    );
    const found = await client.query<{ id: string }>('SELECT id FROM items WHERE id = ANY($1::uuid[])', [acknowledged]);
    const present = new Set(found.rows.map((row) => row.id));
    return { rows: total.rows[0]?.n ?? 0, missing: acknowledged.filter((id) => !present.has(id)) };
  });
}

/** What a DBA, a pooler restart or a failover does: end every connection the server has to its database. */
export async function terminateAppConnections(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    return rows.filter((row) => row.ended).length;
  });
}
