import { sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { connectDatabase } from '../db/client';
import { isDatabaseUnavailableError } from './database-unavailable';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A second connection to the test database, as a DBA or a failover would act on it. */
async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  return client;
}

/**
 * Ends the connections waiting for the lock `admin` holds, once one waits.
 * pg_stat_activity is a snapshot kept for the whole transaction: it is
 * cleared before each look.
 */
async function terminateLockWaiters(admin: pg.Client): Promise<void> {
  const waiting = "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()";
  await expect
    .poll(async () => {
      await admin.query('SELECT pg_stat_clear_snapshot()');
      return (await admin.query(waiting)).rowCount;
    })
    .toBe(1);
  await admin.query(`SELECT pg_terminate_backend(pid) FROM (${waiting}) AS waiting`);
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

describe('isDatabaseUnavailableError', () => {
  it('recognises a refused connection', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    expect(isDatabaseUnavailableError(await errorOf(() => client.connect()))).toBe(true);
  });

  it('recognises a connection terminated by pg_terminate_backend (57P01), also wrapped by Drizzle', async () => {
    const handle = connectDatabase(t.database.url, { max: 1 });
    const admin = await adminClient();
    try {
      // Hold the table so the statement is in flight when its connection is ended.
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const pending = errorOf(() => handle.db.execute(sql`SELECT count(*) FROM users`));
      await terminateLockWaiters(admin);
      const error = await pending;
      expect(isDatabaseUnavailableError(error)).toBe(true);
      await admin.query('ROLLBACK');
      // The pool replaced the lost connection by itself.
      const { rows } = await handle.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await handle.close();
    }
  });

  it('keeps the process alive when a connection held by an open transaction is lost between statements', async () => {
    const handle = connectDatabase(t.database.url, { max: 2 });
    const admin = await adminClient();
    try {
      const error = await errorOf(() =>
        handle.db.transaction(async (tx) => {
          const result = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
          const pid = result.rows[0]?.pid;
          await admin.query('SELECT pg_terminate_backend($1)', [pid]);
          await expect
            .poll(async () => {
              await admin.query('SELECT pg_stat_clear_snapshot()');
              return (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount;
            })
            .toBe(0);
          // The FATAL and the closed socket arrive while no statement runs: the
          // client emits 'error', an uncaught exception (which vitest reports)
          // unless connectDatabase listens on checked-out clients.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`SELECT 1`);
        }),
      );
      expect(isDatabaseUnavailableError(error)).toBe(true);
      const { rows } = await handle.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await handle.close();
    }
  });

  it('leaves refusals of input and programming errors alone', async () => {
    const unique = await errorOf(() => t.db.execute(sql`SELECT 1/0`));
    expect(isDatabaseUnavailableError(unique)).toBe(false);
    expect(isDatabaseUnavailableError(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailableError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailableError(undefined)).toBe(false);
    // 08P01 protocol_violation comes from bugs (e.g. too many bind parameters): a 500, not a 503.
    expect(
      isDatabaseUnavailableError(Object.assign(new Error('bind message has 70000 parameters'), { code: '08P01' })),
    ).toBe(false);
    expect(isDatabaseUnavailableError(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
  });

  it('leaves a client’s aborted upload (Fastify’s 4xx with a socket code) to the client', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(isDatabaseUnavailableError(aborted)).toBe(false);
    expect(isDatabaseUnavailableError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
  });
});

describe('a request whose database connection is lost', () => {
  it('answers 503 database_unavailable in the usual error shape, and the next request succeeds', async () => {
    const alice = await createUser(t.db);
    const cookie = await t.cookieFor(alice.id);
    const admin = await adminClient();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const pending = t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      await terminateLockWaiters(admin);
      const response = await pending;
      await admin.query('ROLLBACK');

      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({
        error: {
          code: 'database_unavailable',
          messageKey: 'errors.database_unavailable',
          message: 'The database is unavailable; try again shortly',
        },
      });
    } finally {
      await admin.end();
    }
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 while the database cannot be reached at all', async () => {
    const unreachable = connectDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, { max: 1 });
    const { buildApp } = await import('../app');
    const app = await buildApp({ config: t.config, db: unreachable.db, logger: false, clientDir: '/nonexistent' });
    try {
      const user = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: 'lendloop_session=x' },
      });
      expect(user.statusCode).toBe(503);
      expect(user.json()).toMatchObject({ error: { code: 'database_unavailable' } });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', parts: { database: 'unavailable' } });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
