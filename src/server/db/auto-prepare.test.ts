import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { MAX_STATEMENTS_PER_CONNECTION, MAX_TRACKED_TEXTS, PREPARE_AFTER_USES } from './auto-prepare';
import { connectDatabase, type DatabaseHandle } from './client';

let database: TestDatabase;
/** One connection, so every statement below runs on the connection whose prepared statements we read. */
let single: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  single = connectDatabase(database.url, { max: 1 });
});
afterAll(async () => {
  await single.close();
  await database.destroy();
});

/** The statements this connection has prepared through the protocol (not through SQL PREPARE). */
async function preparedStatements(on: pg.Pool | pg.PoolClient): Promise<{ name: string; statement: string }[]> {
  const { rows } = await on.query<{ name: string; statement: string }>(
    'SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql',
  );
  return rows;
}

const backendPid = async (client: pg.PoolClient) =>
  (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;

const named = async (text: string) => (await preparedStatements(single.pool)).filter((s) => s.statement === text);

describe('automatic prepared statements', () => {
  it(`prepares a parameterised statement once it has run ${PREPARE_AFTER_USES} times, and answers as before`, async () => {
    const text = 'SELECT $1::int + 1 AS next /* first */';
    const answers: number[] = [];
    for (let i = 0; i < PREPARE_AFTER_USES + 3; i++) {
      if (i === PREPARE_AFTER_USES - 1) expect(await named(text)).toEqual([]);
      const { rows } = await single.pool.query<{ next: number }>(text, [i]);
      answers.push(rows[0]?.next ?? -1);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    const statements = await named(text);
    expect(statements).toHaveLength(1);
    expect(statements[0]?.name).toMatch(/^ll_[0-9a-f]{24}$/);
  });

  it('never names a statement without parameters (BEGIN, COMMIT, fixed statements)', async () => {
    for (let i = 0; i < PREPARE_AFTER_USES + 2; i++) await single.pool.query('SELECT 42 AS answer /* fixed */');
    expect(await named('SELECT 42 AS answer /* fixed */')).toEqual([]);
  });

  it('gives statements with the same parameters but different texts different names', async () => {
    const texts = ['SELECT $1::text AS a /* one */', 'SELECT $1::text AS b /* two */'];
    for (let i = 0; i < PREPARE_AFTER_USES + 1; i++) {
      for (const text of texts) await single.pool.query(text, ['x']);
    }
    const [one, two] = await Promise.all(texts.map(named));
    expect(one).toHaveLength(1);
    expect(two).toHaveLength(1);
    expect(one?.[0]?.name).not.toBe(two?.[0]?.name);
  });

  it('prepares Drizzle queries inside transactions, and they keep answering', async () => {
    const user = await createUser(database.db, { name: 'Prepared Paula' });
    for (let i = 0; i < PREPARE_AFTER_USES + 2; i++) {
      const name = await single.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ name: string }>(
          sql`SELECT name FROM users WHERE id = ${user.id} /* in a transaction */`,
        );
        return rows[0]?.name;
      });
      expect(name).toBe('Prepared Paula');
    }
    // Drizzle sends the parameter as $1.
    expect(await named('SELECT name FROM users WHERE id = $1 /* in a transaction */')).toHaveLength(1);
  });

  it('passes on the error of a statement PostgreSQL cannot parse, every time, and the connection goes on', async () => {
    // A checked-out client: the pool would drop a connection whose query failed.
    const client = await single.pool.connect();
    try {
      const pid = await backendPid(client);
      const broken = 'SELECT no_such_column + $1::int /* broken */';
      for (let i = 0; i < PREPARE_AFTER_USES + 2; i++) {
        await expect(client.query(broken, [i])).rejects.toMatchObject({
          code: '42703',
          message: 'column "no_such_column" does not exist',
        });
      }

      const good = 'SELECT $1::int * 3 AS tripled /* after a failed parse */';
      for (let i = 0; i < PREPARE_AFTER_USES + 1; i++) {
        const { rows } = await client.query<{ tripled: number }>(good, [i]);
        expect(rows[0]?.tripled).toBe(3 * i);
      }
      const statements = await preparedStatements(client);
      expect(statements.filter((s) => s.statement === broken)).toEqual([]);
      expect(statements.filter((s) => s.statement === good)).toHaveLength(1);
      expect(await backendPid(client)).toBe(pid);
    } finally {
      client.release();
    }
  });

  it('keeps a prepared statement usable after it fails inside a transaction that is rolled back', async () => {
    const client = await single.pool.connect();
    try {
      const pid = await backendPid(client);
      const text = 'SELECT 10 / $1::int AS quotient /* divide */';
      const divide = async (by: number) => (await client.query<{ quotient: number }>(text, [by])).rows[0]?.quotient;
      for (let i = 0; i < PREPARE_AFTER_USES; i++) expect(await divide(5)).toBe(2);
      const prepared = (await preparedStatements(client)).filter((s) => s.statement === text);
      expect(prepared).toHaveLength(1);

      await client.query('BEGIN');
      await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
      await expect(divide(1)).rejects.toMatchObject({ code: '25P02' });
      await client.query('ROLLBACK');

      expect(await divide(2)).toBe(5);
      expect((await preparedStatements(client)).filter((s) => s.statement === text)).toEqual(prepared);
      expect(await backendPid(client)).toBe(pid);
    } finally {
      client.release();
    }
  });

  it(`prepares repeated statements after more than ${MAX_TRACKED_TEXTS} texts have been counted (the counter starts over)`, async () => {
    const before = 'SELECT $1::int - 1 AS previous /* before the flood */';
    for (let i = 0; i < PREPARE_AFTER_USES; i++) await single.pool.query(before, [i]);
    expect(await named(before)).toHaveLength(1);

    // Each text once: counted, never prepared. More than the counter holds, so it is cleared at least once.
    for (let n = 0; n <= MAX_TRACKED_TEXTS; n++) await single.pool.query(`SELECT $1::int /* flood ${n} */`, [n]);

    const after = 'SELECT $1::int + 2 AS later /* after the flood */';
    for (let i = 0; i < PREPARE_AFTER_USES + 1; i++) {
      const { rows } = await single.pool.query<{ later: number }>(after, [i]);
      expect(rows[0]?.later).toBe(i + 2);
    }
    expect(await named(after)).toHaveLength(1);
    // Counted anew after the clear, the earlier statement gets its old name back: still one statement.
    for (let i = 0; i < PREPARE_AFTER_USES + 1; i++) {
      const { rows } = await single.pool.query<{ previous: number }>(before, [i]);
      expect(rows[0]?.previous).toBe(i - 1);
    }
    expect(await named(before)).toHaveLength(1);
  });

  it(`prepares at most ${MAX_STATEMENTS_PER_CONNECTION} statements per connection; the rest run unnamed`, async () => {
    const handle = connectDatabase(database.url, { max: 1 });
    try {
      const extra = 5;
      for (let n = 0; n < MAX_STATEMENTS_PER_CONNECTION + extra; n++) {
        const text = `SELECT $1::int * ${n} AS product /* cap */`;
        for (let i = 0; i < PREPARE_AFTER_USES; i++) {
          const { rows } = await handle.pool.query<{ product: number }>(text, [2]);
          expect(rows[0]?.product).toBe(2 * n);
        }
      }
      const capped = (await preparedStatements(handle.pool)).filter((s) => s.statement.endsWith('/* cap */'));
      expect(capped).toHaveLength(MAX_STATEMENTS_PER_CONNECTION);
    } finally {
      await handle.close();
    }
  });
});
