import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import {
  AUTH_CHANNEL,
  createPostgresEventBus,
  LISTENER_APPLICATION_NAME,
  type PostgresEventBus,
} from '../events/postgres-event-bus';
import { createSession } from './session-store';

/*
 * The session cache (docs/decisions/0031-session-cache.md) across two app
 * instances on one database, each with its own PostgreSQL bus: whatever
 * ends a session or changes a person on one instance (or in the database
 * directly) reaches the other instance's cache.
 */

let database: TestDatabase;
let secondHandle: DatabaseHandle;
let buses: PostgresEventBus[];
let first: FastifyInstance;
let second: FastifyInstance;
const TTL_MS = 60_000;

async function instance(db: DatabaseHandle['db'], bus: PostgresEventBus, ttlMs = TTL_MS) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-cache-')),
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    db,
    logger: false,
    clientDir: '/nonexistent',
    liveEvents: bus,
    sessionCacheTtlMs: ttlMs,
  });
  await app.ready();
  return app;
}

const logger = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  secondHandle = connectDatabase(database.url, { max: 3 });
  const fastRetry = { min: 20, max: 200 };
  const firstBus = createPostgresEventBus({ url: database.url, logger, reconnectDelayMs: fastRetry });
  const secondBus = createPostgresEventBus({ url: database.url, logger, reconnectDelayMs: fastRetry });
  buses = [firstBus, secondBus];
  first = await instance(database.db, firstBus);
  second = await instance(secondHandle.db, secondBus);
  await Promise.all(buses.map((bus) => bus.ready()));
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  await Promise.all(buses.map((bus) => bus.close()));
  await secondHandle.close();
  await database.destroy();
});

async function signedIn() {
  const user = await createUser(database.db, { name: 'Ada Lovelace' });
  return { user, cookie: `lendloop_session=${await createSession(database.db, user.id, null)}` };
}

function currentUser(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

function editProfile(app: FastifyInstance, cookie: string, name: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: { cookie, origin: 'http://127.0.0.1:3000' },
    payload: { name, phone: '41 79 123 45 67', email: 'ada@example.test', language: 'de' },
  });
}

/** Changes rows with triggers off (replica role): the cache hears nothing of it. */
async function silently(statement: string, params: unknown[]) {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query(statement, params);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** Notifications cross a second connection: wait for the other instance to have heard. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

describe('the session cache', () => {
  it('serves a looked-up session without the database (what a silent change shows)', async () => {
    const { cookie } = await signedIn();
    expect((await currentUser(second, cookie)).statusCode).toBe(200);
    await silently('DELETE FROM sessions', []);
    expect((await currentUser(second, cookie)).statusCode).toBe(200);
    // The other instance never looked it up: it asks the database.
    expect((await currentUser(first, cookie)).statusCode).toBe(401);
  });

  it('drops a session signed out on the other instance', async () => {
    const { cookie } = await signedIn();
    expect((await currentUser(second, cookie)).statusCode).toBe(200);
    const logout = await first.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    await eventually(async () => expect((await currentUser(second, cookie)).statusCode).toBe(401));
  });

  it('shows a profile edit made on the other instance', async () => {
    const { cookie } = await signedIn();
    expect((await currentUser(second, cookie)).json()).toMatchObject({ name: 'Ada Lovelace' });
    expect((await editProfile(first, cookie, 'Ada King')).statusCode).toBe(200);
    await eventually(async () =>
      expect((await currentUser(second, cookie)).json()).toMatchObject({ name: 'Ada King' }),
    );
  });

  describe('on its own instance, without waiting for the notification', () => {
    /** An instance whose cache never hears auth changes: only its own bookkeeping can keep it right. */
    async function deafInstance() {
      const bus = createPostgresEventBus({ url: database.url, logger });
      const deaf: PostgresEventBus = { ...bus, onAuthChange: () => () => undefined };
      const app = await instance(database.db, deaf);
      await bus.ready();
      return { app, close: async () => (await app.close(), await bus.close()) };
    }

    it('forgets a sign-out before answering the next request', async () => {
      const own = await deafInstance();
      try {
        const { cookie } = await signedIn();
        expect((await currentUser(own.app, cookie)).statusCode).toBe(200);
        await own.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
        expect((await currentUser(own.app, cookie)).statusCode).toBe(401);
      } finally {
        await own.close();
      }
    });

    it('shows a profile edit in the next answer', async () => {
      const own = await deafInstance();
      try {
        const { cookie } = await signedIn();
        expect((await currentUser(own.app, cookie)).json()).toMatchObject({ name: 'Ada Lovelace' });
        expect((await editProfile(own.app, cookie, 'Ada Byron')).statusCode).toBe(200);
        expect((await currentUser(own.app, cookie)).json()).toMatchObject({ name: 'Ada Byron', language: 'de' });
      } finally {
        await own.close();
      }
    });

    // docs/decisions/0034: only the routes marked `changesAccount` forget. A silent change (no trigger)
    // shows which requests ask the database again: those after a forget.
    it('forgets after any route marked as changing the account', async () => {
      const own = await deafInstance();
      try {
        const { cookie } = await signedIn();
        expect((await currentUser(own.app, cookie)).statusCode).toBe(200);
        await silently('DELETE FROM sessions', []);
        const dismiss = await own.app.inject({
          method: 'POST',
          url: '/api/banner/dismiss',
          headers: { cookie, origin: 'http://127.0.0.1:3000' },
        });
        expect(dismiss.statusCode).toBe(200);
        expect((await currentUser(own.app, cookie)).statusCode).toBe(401);
      } finally {
        await own.close();
      }
    });

    it('keeps the session through a write that changes no account', async () => {
      const own = await deafInstance();
      try {
        const { cookie } = await signedIn();
        expect((await currentUser(own.app, cookie)).statusCode).toBe(200);
        await silently('DELETE FROM sessions', []);
        const item = await own.app.inject({
          method: 'POST',
          url: '/api/items',
          headers: { cookie, origin: 'http://127.0.0.1:3000' },
          payload: { name: 'Ladder', category: 'tools' },
        });
        expect(item.statusCode).toBe(201);
        expect((await currentUser(own.app, cookie)).statusCode).toBe(200);
      } finally {
        await own.close();
      }
    });
  });

  it('hears changes made in the database directly (triggers, not application code)', async () => {
    const { user, cookie } = await signedIn();
    expect((await currentUser(second, cookie)).statusCode).toBe(200);
    await database.pool.query('UPDATE users SET name = $1 WHERE id = $2', ['Countess Lovelace', user.id]);
    await eventually(async () =>
      expect((await currentUser(second, cookie)).json()).toMatchObject({ name: 'Countess Lovelace' }),
    );
    await database.pool.query('DELETE FROM users WHERE id = $1', [user.id]);
    await eventually(async () => expect((await currentUser(second, cookie)).statusCode).toBe(401));
  });

  it('forgets every session when the sessions table is truncated (signing everyone out)', async () => {
    const { cookie } = await signedIn();
    expect((await currentUser(second, cookie)).statusCode).toBe(200);
    await database.pool.query('TRUNCATE sessions');
    await eventually(async () => expect((await currentUser(second, cookie)).statusCode).toBe(401));
  });

  it('stops serving while its instance cannot hear changes, and serves again once it can', async () => {
    const { cookie } = await signedIn();
    expect((await currentUser(second, cookie)).statusCode).toBe(200);
    // Each bus must first notice the loss, then listen again. (ready() alone resolved at once
    // when a bus had not yet seen its connection end: the DELETE below then went unheard.)
    const reconnected = buses.map(
      (bus) =>
        new Promise<void>((resolve) => {
          let lost = false;
          const stop = bus.onListening((listening) => {
            if (!listening) lost = true;
            else if (lost) {
              stop();
              resolve();
            }
          });
        }),
    );
    await database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    );
    await Promise.all(reconnected);
    // Both instances reconnected; whatever they cached before is gone.
    await silently('DELETE FROM sessions WHERE id_hash IS NOT NULL', []);
    expect((await currentUser(second, cookie)).statusCode).toBe(401);
  });

  it('lets an entry serve no longer than its time-to-live', async () => {
    const bus = createPostgresEventBus({ url: database.url, logger });
    const shortLived = await instance(database.db, bus, 50);
    try {
      await bus.ready();
      const { cookie } = await signedIn();
      expect((await currentUser(shortLived, cookie)).statusCode).toBe(200);
      await silently('DELETE FROM sessions', []);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect((await currentUser(shortLived, cookie)).statusCode).toBe(401);
    } finally {
      await shortLived.close();
      await bus.close();
    }
  });
});

describe('the auth-change triggers (migration 0017)', () => {
  it('stay silent for activity bookkeeping and speak for everything else', async () => {
    const { user } = await signedIn();
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    try {
      await listener.query(`LISTEN ${AUTH_CHANNEL}`);
      await database.pool.query('UPDATE users SET last_active = now() WHERE id = $1', [user.id]);
      await database.pool.query("UPDATE sessions SET last_seen_at = now() + interval '1 second' WHERE user_id = $1", [
        user.id,
      ]);
      await database.pool.query("UPDATE sessions SET last_seen_at = now() - interval '1 day' WHERE user_id = $1", [
        user.id,
      ]);
      await database.pool.query("UPDATE users SET language = 'fr' WHERE id = $1", [user.id]);
      await database.pool.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      await eventually(async () => expect(heard).toHaveLength(3));
      // Moving last_seen_at back (an operator ending sessions early), the language, the deletion.
      expect(heard).toEqual([user.id, user.id, user.id]);
    } finally {
      await listener.end();
    }
  });
});
