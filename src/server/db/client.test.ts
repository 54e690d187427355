import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { ABANDONED_CLIENT_MS, connectDatabase } from './client';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('connectDatabase', () => {
  it(
    'takes back a checked-out client that lost its connection and was never released',
    async () => {
      const handle = connectDatabase(database.url, { max: 1 });
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        // What Drizzle's transaction() does when its BEGIN fails: the client is never released.
        const client = await handle.pool.connect();
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await expect(client.query('BEGIN')).rejects.toThrow();

        const started = Date.now();
        const again = await handle.pool.query<{ one: number }>('SELECT 1 AS one');
        expect(again.rows).toEqual([{ one: 1 }]);
        expect(Date.now() - started).toBeLessThan(ABANDONED_CLIENT_MS + 2_000);
      } finally {
        await admin.end();
        // Would wait forever for the abandoned client.
        await handle.close();
      }
    },
    ABANDONED_CLIENT_MS + 10_000,
  );
});
