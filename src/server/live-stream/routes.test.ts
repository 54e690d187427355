import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { sessions } from '../db/schema';
import { createInProcessEventBus, type LiveEventBus } from '../events/live-event-bus';
import { firstPingDelay, MAX_STREAMS_PER_USER } from './routes';
import { startLiveTestApp, type LiveTestApp, type SseStream } from '../../../tests/support/live';

const PING_MS = 150;

let database: TestDatabase;
let bus: LiveEventBus;
let t: LiveTestApp;
const streams: SseStream[] = [];

async function open(cookie?: string) {
  const stream = await t.openStream(cookie);
  streams.push(stream);
  return stream;
}

/** Open subscriptions per user, to see that a stream unsubscribes when it ends. */
const subscriptions = new Map<string, number>();
let resyncAll: () => void = () => undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  // The in-process bus, plus a resync hook the tests fire by hand (the
  // PostgreSQL bus fires it after a reconnect) and a subscription count.
  const inProcess = createInProcessEventBus();
  const resync = new Set<() => void>();
  bus = {
    ...inProcess,
    subscribe(userId, listener) {
      subscriptions.set(userId, (subscriptions.get(userId) ?? 0) + 1);
      const unsubscribe = inProcess.subscribe(userId, listener);
      return () => {
        subscriptions.set(userId, (subscriptions.get(userId) ?? 0) - 1);
        unsubscribe();
      };
    },
    onResync: (listener) => {
      resync.add(listener);
      return () => resync.delete(listener);
    },
  };
  resyncAll = () => resync.forEach((listener) => listener());
  t = await startLiveTestApp({ db: database.db, liveEvents: bus, pingMs: PING_MS });
});

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

afterAll(async () => {
  await t.app.close();
  await database.destroy();
});

describe('GET /api/events', () => {
  it('answers 401 to a signed-out caller, without opening a stream', async () => {
    const stream = await open();
    expect(stream.status).toBe(401);
    expect(JSON.parse(await stream.body)).toMatchObject({ error: { code: 'authentication_required' } });
    const stale = await open('lendloop_session=not-a-session');
    expect(stale.status).toBe(401);
  });

  it('opens an event stream that starts with ready and keeps the security headers', async () => {
    const alice = await createUser(database.db);
    const stream = await open(await t.cookieFor(alice.id));
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    expect(stream.headers['x-ratelimit-limit']).toBeDefined();
    expect(stream.headers['content-length']).toBeUndefined();
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
  });

  it("carries only its own user's events, as named SSE events with JSON data", async () => {
    const alice = await createUser(database.db);
    const bob = await createUser(database.db);
    const aliceStream = await open(await t.cookieFor(alice.id));
    const bobStream = await open(await t.cookieFor(bob.id));
    await aliceStream.nextEvent();
    await bobStream.nextEvent();

    await bus.publish([alice.id], { type: 'message', partnerId: bob.id });
    await bus.publish([alice.id], { type: 'unread_count', count: 3 });
    // Published last, to Bob alone: if Alice's events had reached him they would come first.
    await bus.publish([bob.id], { type: 'request_changed', requestId: 'r1', itemId: 'i1' });

    expect(await aliceStream.nextEvent()).toEqual({
      event: 'message',
      data: JSON.stringify({ type: 'message', partnerId: bob.id }),
    });
    expect(await aliceStream.nextEvent()).toEqual({
      event: 'unread_count',
      data: JSON.stringify({ type: 'unread_count', count: 3 }),
    });
    expect(await bobStream.nextEvent()).toEqual({
      event: 'request_changed',
      data: JSON.stringify({ type: 'request_changed', requestId: 'r1', itemId: 'i1' }),
    });
  });

  it('serves every open tab of a user', async () => {
    const alice = await createUser(database.db);
    const tabs = [await open(await t.cookieFor(alice.id)), await open(await t.cookieFor(alice.id))];
    for (const tab of tabs) await tab.nextEvent();
    await bus.publish([alice.id], { type: 'unread_count', count: 1 });
    for (const tab of tabs) expect((await tab.nextEvent()).event).toBe('unread_count');
  });

  it('pings and keeps the stream while the session holds', async () => {
    const alice = await createUser(database.db);
    const stream = await open(await t.cookieFor(alice.id));
    await stream.nextEvent();
    expect(await stream.next()).toEqual({ kind: 'comment', text: 'ping' });
    expect(await stream.next()).toEqual({ kind: 'comment', text: 'ping' });
  });

  it('starts each stream’s pings at its own phase, within one interval (no burst after a mass reconnect)', () => {
    expect(firstPingDelay(25_000, 0)).toBe(12_500);
    expect(firstPingDelay(25_000, 0.5)).toBe(18_750);
    expect(firstPingDelay(25_000, 0.9999)).toBeLessThanOrEqual(25_000);
    const delays = new Set(Array.from({ length: 50 }, () => firstPingDelay(25_000)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('ends the stream at the next ping once the user signed out', async () => {
    const alice = await createUser(database.db);
    const cookie = await t.cookieFor(alice.id);
    const stream = await open(cookie);
    await stream.nextEvent();
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    await expect(waitFor(stream.ended, 5_000)).resolves.toBe('done');
    await bus.publish([alice.id], { type: 'unread_count', count: 9 });
    await expect(stream.next(50)).rejects.toThrow('stream ended');
  });

  it('ends the stream when the session expired meanwhile', async () => {
    const alice = await createUser(database.db);
    const stream = await open(await t.cookieFor(alice.id));
    await stream.nextEvent();
    await database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, alice.id));
    await expect(waitFor(stream.ended, 5_000)).resolves.toBe('done');
  });

  it('records no activity on the session: an open tab alone does not keep it alive', async () => {
    const alice = await createUser(database.db);
    const stream = await open(await t.cookieFor(alice.id));
    await stream.nextEvent();
    // Long enough ago that the session guard's lookup would record activity again.
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    await database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, alice.id));
    expect(await stream.next()).toEqual({ kind: 'comment', text: 'ping' });
    expect(await stream.next()).toEqual({ kind: 'comment', text: 'ping' });
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, alice.id));
    expect(session?.lastSeenAt.getTime()).toBe(longAgo.getTime());
  });

  it('sends ready again when the bus may have missed events, so the client refetches', async () => {
    const alice = await createUser(database.db);
    const stream = await open(await t.cookieFor(alice.id));
    await stream.nextEvent();
    resyncAll();
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
  });

  it('unsubscribes when the client goes away', async () => {
    const alice = await createUser(database.db);
    const stream = await open(await t.cookieFor(alice.id));
    await stream.nextEvent();
    expect(subscriptions.get(alice.id)).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(subscriptions.get(alice.id)).toBe(0));
  });

  it('unsubscribes when the stream ends after a sign-out', async () => {
    const alice = await createUser(database.db);
    const cookie = await t.cookieFor(alice.id);
    const stream = await open(cookie);
    await stream.nextEvent();
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    await stream.ended;
    expect(subscriptions.get(alice.id)).toBe(0);
  });
});

describe('open streams per user', () => {
  it(`keeps at most ${MAX_STREAMS_PER_USER}: one more closes the oldest, told to wait before reconnecting`, async () => {
    const alice = await createUser(database.db);
    const bob = await createUser(database.db);
    const tabs: SseStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      tabs.push(await open(await t.cookieFor(alice.id)));
      await tabs[i]!.nextEvent();
    }
    const bobsTab = await open(await t.cookieFor(bob.id));
    await bobsTab.nextEvent();
    expect(subscriptions.get(alice.id)).toBe(MAX_STREAMS_PER_USER);

    const newest = await open(await t.cookieFor(alice.id));
    await newest.nextEvent();
    await expect(waitFor(tabs[0]!.ended, 5_000)).resolves.toBe('done');
    expect(await tabs[0]!.body).toContain('retry: 600000');
    expect(subscriptions.get(alice.id)).toBe(MAX_STREAMS_PER_USER);

    await bus.publish([alice.id, bob.id], { type: 'unread_count', count: 2 });
    for (const tab of [...tabs.slice(1), newest, bobsTab]) expect((await tab.nextEvent()).event).toBe('unread_count');
  });
});

describe('closing the app', () => {
  it('ends open streams at once instead of waiting for them', async () => {
    const own = await startLiveTestApp({ db: database.db });
    const alice = await createUser(database.db);
    const stream = await own.openStream(await own.cookieFor(alice.id));
    await stream.nextEvent();
    const started = Date.now();
    await own.app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

function waitFor(promise: Promise<void>, ms: number): Promise<'done' | 'timeout'> {
  return Promise.race([
    promise.then(() => 'done' as const),
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms)),
  ]);
}
