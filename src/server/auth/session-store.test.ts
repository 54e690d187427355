import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { sessions, users } from '../db/schema';
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  createSession,
  destroySession,
  findActiveSession,
  hashToken,
  sessionStillActive,
} from './session-store';
import { SessionCache } from './session-cache';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('sessions', () => {
  it('stores only the hash of a 256-bit token', async () => {
    const user = await createUser(database.db);
    const token = await createSession(database.db, user.id, 'id-token');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.idHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('ends after the idle timeout', async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-03-01T00:00:00Z');
    const token = await createSession(database.db, user.id, null, start);
    expect(await findActiveSession(database.db, token, at(start, SESSION_IDLE_TIMEOUT_MS - 1000))).not.toBeNull();
    const later = at(start, SESSION_IDLE_TIMEOUT_MS - 1000 + SESSION_IDLE_TIMEOUT_MS + 1000);
    expect(await findActiveSession(database.db, token, later)).toBeNull();
    expect(await database.db.$count(sessions, eq(sessions.idHash, hashToken(token)))).toBe(0);
  });

  it('ends at the absolute lifetime even when used every day', async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-04-01T00:00:00Z');
    const token = await createSession(database.db, user.id, null, start);
    const day = 24 * 60 * 60 * 1000;
    for (let d = 1; d * day < SESSION_ABSOLUTE_LIFETIME_MS; d += 1) {
      expect(await findActiveSession(database.db, token, at(start, d * day))).not.toBeNull();
    }
    expect(await findActiveSession(database.db, token, at(start, SESSION_ABSOLUTE_LIFETIME_MS))).toBeNull();
  });

  it('records activity at most once per interval', async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-05-01T00:00:00Z');
    const token = await createSession(database.db, user.id, null, start);
    await findActiveSession(database.db, token, at(start, ACTIVITY_WRITE_INTERVAL_MS + 1000));
    const firstWrite = (await database.db.select().from(users).where(eq(users.id, user.id)))[0]?.lastActive;
    await findActiveSession(database.db, token, at(start, ACTIVITY_WRITE_INTERVAL_MS + 2000));
    const unchanged = (await database.db.select().from(users).where(eq(users.id, user.id)))[0]?.lastActive;
    expect(unchanged).toEqual(firstWrite);
    expect(firstWrite).toEqual(at(start, ACTIVITY_WRITE_INTERVAL_MS + 1000));
  });

  it("writes the person's last active at most once per interval across all their sessions", async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-05-15T00:00:00Z');
    const phone = await createSession(database.db, user.id, null, start);
    const laptop = await createSession(database.db, user.id, null, start);
    const person = async () => {
      // xmin changes with every UPDATE of the row, even one that writes the same value.
      const result = await database.pool.query<{ xmin: string; last_active: Date | null }>(
        'SELECT xmin::text, last_active FROM users WHERE id = $1',
        [user.id],
      );
      const row = result.rows[0];
      if (!row) throw new Error('user row missing');
      return row;
    };
    const lastSeen = async (token: string) =>
      (
        await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.idHash, hashToken(token)))
      )[0]?.lastSeenAt;

    const firstUse = at(start, ACTIVITY_WRITE_INTERVAL_MS + 1000);
    await findActiveSession(database.db, phone, firstUse);
    const afterPhone = await person();
    expect(afterPhone.last_active).toEqual(firstUse);

    // A moment later the laptop's session is stale too: its own last_seen is
    // written (its idle timeout runs from it), the person's row is not.
    const secondUse = at(start, ACTIVITY_WRITE_INTERVAL_MS + 2000);
    await findActiveSession(database.db, laptop, secondUse);
    expect(await lastSeen(laptop)).toEqual(secondUse);
    expect(await person()).toEqual(afterPhone);

    // After the interval: the first session to be used writes the person's row once, the other does not.
    const later = at(firstUse, ACTIVITY_WRITE_INTERVAL_MS + 1000);
    await findActiveSession(database.db, phone, later);
    const afterLater = await person();
    expect(afterLater.last_active).toEqual(later);
    await findActiveSession(database.db, laptop, at(later, 1));
    expect(await lastSeen(laptop)).toEqual(at(later, 1));
    expect(await person()).toEqual(afterLater);
  });

  it('tells whether a session still holds without recording activity', async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-06-01T00:00:00Z');
    const idHash = hashToken(await createSession(database.db, user.id, null, start));
    expect(await sessionStillActive(database.db, idHash, at(start, SESSION_IDLE_TIMEOUT_MS - 1000))).toBe(true);
    // Asking did not count as use: the idle timeout still runs from sign-in.
    expect(await sessionStillActive(database.db, idHash, at(start, SESSION_IDLE_TIMEOUT_MS + 1000))).toBe(false);
    const [session] = await database.db.select().from(sessions).where(eq(sessions.idHash, idHash));
    expect(session?.lastSeenAt).toEqual(start);
    await destroySession(database.db, idHash);
    expect(await sessionStillActive(database.db, idHash, at(start, 1000))).toBe(false);
  });

  it('is gone after destroySession', async () => {
    const user = await createUser(database.db);
    const token = await createSession(database.db, user.id, null);
    await destroySession(database.db, hashToken(token));
    expect(await findActiveSession(database.db, token)).toBeNull();
  });
});

describe('sessions served from the session cache', () => {
  const cached = () => {
    const cache = new SessionCache({ ttlMs: 60 * 60 * 1000, maxEntries: 10 });
    cache.resume();
    return cache;
  };

  it('still end at the absolute lifetime, and leave the cache when they do', async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-06-01T00:00:00Z');
    const token = await createSession(database.db, user.id, null, start);
    const cache = cached();
    expect(await findActiveSession(database.db, token, at(start, 1000), cache)).not.toBeNull();
    expect(cache.get(hashToken(token))).toBeDefined();
    expect(await findActiveSession(database.db, token, at(start, SESSION_ABSOLUTE_LIFETIME_MS), cache)).toBeNull();
    expect(cache.get(hashToken(token))).toBeUndefined();
    expect(await database.db.$count(sessions, eq(sessions.idHash, hashToken(token)))).toBe(0);
  });

  it('record activity once per interval: the cached copy learns of the write', async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-07-01T00:00:00Z');
    const token = await createSession(database.db, user.id, null, start);
    const cache = cached();
    const firstUse = at(start, ACTIVITY_WRITE_INTERVAL_MS + 1000);
    await findActiveSession(database.db, token, firstUse, cache);
    const cachedRow = cache.get(hashToken(token));
    expect(cachedRow?.session.lastSeenAt).toEqual(firstUse);
    expect(cachedRow?.user.lastActive).toEqual(firstUse);
    // Within the interval: no write, so the database keeps the first one.
    await findActiveSession(database.db, token, at(firstUse, ACTIVITY_WRITE_INTERVAL_MS - 1000), cache);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
    expect(row?.lastSeenAt).toEqual(firstUse);
  });
});
