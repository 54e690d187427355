import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { MAX_STATEMENTS_PER_CONNECTION, PREPARE_AFTER_USES } from './auto-prepare';
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
async function preparedStatements(handle: DatabaseHandle): Promise<{ name: string; statement: string }[]> {
  const { rows } = await handle.pool.query<{ name: string; statement: string }>(
    'SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql',
  );
  return rows;
}

const named = async (text: string) => (await preparedStatements(single)).filter((s) => s.statement === text);

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

  it('keeps Drizzle queries and transactions working on prepared statements', async () => {
    const user = await createUser(database.db, { name: 'Prepared Paula' });
    for (let i = 0; i < PREPARE_AFTER_USES + 2; i++) {
      const name = await database.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ name: string }>(sql`SELECT name FROM users WHERE id = ${user.id}`);
        return rows[0]?.name;
      });
      expect(name).toBe('Prepared Paula');
    }
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
      const capped = (await preparedStatements(handle)).filter((s) => s.statement.endsWith('/* cap */'));
      expect(capped).toHaveLength(MAX_STATEMENTS_PER_CONNECTION);
    } finally {
      await handle.close();
    }
  });
});
