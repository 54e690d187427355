import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import type { LiveEvent } from '../../contract/schemas/live-events';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { startLiveTestApp, type LiveTestApp, type SseStream } from '../../../tests/support/live';
import {
  createPostgresEventBus,
  LISTENER_APPLICATION_NAME,
  LIVE_CHANNEL,
  MAX_PAYLOAD_BYTES,
  notificationPayloads,
  type PostgresEventBus,
} from './postgres-event-bus';

const logger = pino({ level: 'silent' });
const fastRetry = { min: 20, max: 200 };
const buses: PostgresEventBus[] = [];
const streams: SseStream[] = [];

function bus(url: string) {
  const created = createPostgresEventBus({ url, logger, reconnectDelayMs: fastRetry });
  buses.push(created);
  return created;
}

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
});

afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
});

/** Collects one user's events on one bus. */
function collect(on: PostgresEventBus, userId: string): LiveEvent[] {
  const received: LiveEvent[] = [];
  on.subscribe(userId, (event) => received.push(event));
  return received;
}

describe('notificationPayloads', () => {
  it('addresses each recipient once and keeps every payload under the NOTIFY limit', () => {
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    const event: LiveEvent = { type: 'message', partnerId: randomUUID() };
    const payloads = notificationPayloads([...ids, ...ids.slice(0, 10)], event);
    expect(payloads.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThan(MAX_PAYLOAD_BYTES);
      const parsed = JSON.parse(payload) as { userIds: string[]; event: LiveEvent };
      expect(parsed.event).toEqual(event);
      seen.push(...parsed.userIds);
    }
    expect(seen).toEqual(ids);
  });

  it('sends nothing to nobody', () => {
    expect(notificationPayloads([], { type: 'unread_count', count: 0 })).toEqual([]);
  });
});

describe('two app instances on one database', () => {
  let database: TestDatabase;
  let secondHandle: DatabaseHandle;
  let first: LiveTestApp;
  let second: LiveTestApp;
  let firstBus: PostgresEventBus;
  let secondBus: PostgresEventBus;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The second instance has its own pool, as a second process would.
    secondHandle = connectDatabase(database.url, { max: 3 });
    firstBus = bus(database.url);
    secondBus = bus(database.url);
    first = await startLiveTestApp({ db: database.db, liveEvents: firstBus });
    second = await startLiveTestApp({ db: secondHandle.db, liveEvents: secondBus });
    await Promise.all([firstBus.ready(), secondBus.ready()]);
  });

  afterAll(async () => {
    await Promise.all([first.app.close(), second.app.close()]);
    await Promise.all([firstBus.close(), secondBus.close()]);
    await secondHandle.close();
    await database.destroy();
  });

  async function open(app: LiveTestApp, userId: string) {
    const stream = await app.openStream(await app.cookieFor(userId));
    streams.push(stream);
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
    return stream;
  }

  it("delivers an event published on instance 1 to a client of instance 2, and only to its user's stream", async () => {
    const alice = await createUser(database.db);
    const bob = await createUser(database.db);
    const aliceOnSecond = await open(second, alice.id);
    const bobOnSecond = await open(second, bob.id);
    const aliceOnFirst = await open(first, alice.id);

    await first.app.liveEvents.publish([alice.id], { type: 'message', partnerId: bob.id });
    await first.app.liveEvents.publish([bob.id], { type: 'unread_count', count: 2 });

    const expected = { event: 'message', data: JSON.stringify({ type: 'message', partnerId: bob.id }) };
    expect(await aliceOnSecond.nextEvent()).toEqual(expected);
    expect(await aliceOnFirst.nextEvent()).toEqual(expected);
    // Bob's first event is his own, published after Alice's: hers never reached him.
    expect(await bobOnSecond.nextEvent()).toEqual({
      event: 'unread_count',
      data: JSON.stringify({ type: 'unread_count', count: 2 }),
    });
  });

  it('delivers in the other direction too', async () => {
    const alice = await createUser(database.db);
    const aliceOnFirst = await open(first, alice.id);
    await second.app.liveEvents.publish([alice.id], { type: 'request_changed', requestId: 'r', itemId: 'i' });
    expect((await aliceOnFirst.nextEvent()).event).toBe('request_changed');
  });

  it('reaches a recipient at the end of a list too long for one notification', async () => {
    const alice = await createUser(database.db);
    const aliceOnSecond = await open(second, alice.id);
    const many = [...Array.from({ length: 600 }, () => randomUUID()), alice.id];
    expect(notificationPayloads(many, { type: 'unread_count', count: 5 }).length).toBeGreaterThan(1);
    await first.app.liveEvents.publish(many, { type: 'unread_count', count: 5 });
    expect(await aliceOnSecond.nextEvent()).toEqual({
      event: 'unread_count',
      data: JSON.stringify({ type: 'unread_count', count: 5 }),
    });
  });

  it('drops notifications that are not valid live events', async () => {
    const userId = randomUUID();
    const received = collect(secondBus, userId);
    const invalid = [
      'not json',
      JSON.stringify({ userIds: [userId], event: { type: 'secret_leak', content: 'x' } }),
      JSON.stringify({ userIds: userId, event: { type: 'unread_count', count: 1 } }),
      JSON.stringify({ userIds: [userId], event: { type: 'unread_count', count: -1 } }),
    ];
    for (const payload of invalid) await database.pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
    await firstBus.publish([userId], { type: 'unread_count', count: 4 });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received).toEqual([{ type: 'unread_count', count: 4 }]);
  });
});

describe('the listening connection', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function listenerPids(): Promise<number[]> {
    const { rows } = await database.pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1 AND state = 'idle' AND query ILIKE 'LISTEN%'`,
      [LISTENER_APPLICATION_NAME],
    );
    return rows.map((row) => row.pid);
  }

  it('reconnects and LISTENs again after its connection was terminated, and asks streams to resync', async () => {
    const own = bus(database.url);
    await own.ready();
    const userId = randomUUID();
    const received = collect(own, userId);
    const resyncs = vi.fn();
    own.onResync(resyncs);
    const [before] = await listenerPids();
    expect(before).toBeDefined();

    await database.pool.query('SELECT pg_terminate_backend($1)', [before]);
    await vi.waitFor(
      async () => {
        const now = await listenerPids();
        expect(now).toHaveLength(1);
        expect(now).not.toContain(before);
      },
      { timeout: 5_000, interval: 50 },
    );
    await own.ready();
    expect(resyncs).toHaveBeenCalledTimes(1);

    await own.publish([userId], { type: 'unread_count', count: 7 });
    await vi.waitFor(() => expect(received).toEqual([{ type: 'unread_count', count: 7 }]));
    await own.close();
  });

  it('sends many events to many users in one statement, delivered each to its own users in order', async () => {
    const publishPool = new pg.Pool({ connectionString: database.url, max: 1 });
    const query = vi.spyOn(publishPool, 'query');
    const own = createPostgresEventBus({ url: database.url, logger, publishPool });
    await own.ready();
    const [alice, bob] = [randomUUID(), randomUUID()];
    const toAlice = collect(own, alice);
    const toBob = collect(own, bob);
    const crowd = Array.from({ length: 600 }, () => randomUUID());

    await own.publishMany([
      { userIds: [alice, ...crowd], event: { type: 'message', partnerId: bob } },
      { userIds: [bob], event: { type: 'message', partnerId: alice } },
      { userIds: [...crowd, alice, bob], event: { type: 'unread_count', count: 1 } },
      { userIds: [alice], event: { type: 'items_changed' } },
    ]);

    expect(query).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(toAlice).toHaveLength(3));
    expect(toAlice).toEqual([
      { type: 'message', partnerId: bob },
      { type: 'unread_count', count: 1 },
      { type: 'items_changed' },
    ]);
    await vi.waitFor(() => expect(toBob).toHaveLength(2));
    expect(toBob).toEqual([
      { type: 'message', partnerId: alice },
      { type: 'unread_count', count: 1 },
    ]);
    await own.close();
    await publishPool.end();
  });

  it('does not throw when publishing fails (the change it announces has committed)', async () => {
    const url = new URL(database.url);
    url.pathname = '/no_such_database';
    const broken = bus(url.href);
    await expect(broken.publish([randomUUID()], { type: 'unread_count', count: 1 })).resolves.toBeUndefined();
    await broken.close();
  });

  it('leaves nothing listening once closed', async () => {
    const own = bus(database.url);
    await own.ready();
    expect(await listenerPids()).toHaveLength(1);
    await own.close();
    await vi.waitFor(async () => expect(await listenerPids()).toEqual([]));
    await expect(own.publish([randomUUID()], { type: 'unread_count', count: 1 })).resolves.toBeUndefined();
  });
});
