import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionCache } from './session-cache';

/**
 * Database sessions (docs/decisions/0003-sessions.md): the cookie holds a
 * random 256-bit token, the table holds its SHA-256. A session ends after
 * IDLE_TIMEOUT without use or ABSOLUTE_LIFETIME after sign-in, whichever is first.
 */
export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Activity is rewritten at most this often: a session's `last_seen_at` (which
 * its idle timeout runs from) once per session, the person's `last_active`
 * once per person, however many sessions (phone, laptop…) they use at once.
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

export interface ActiveSession {
  idHash: string;
  user: UserRow;
  idToken: string | null;
  /** When this session began: the sign-in of this one browser (the person's lastLogin moves with any device's). */
  signedInAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Database,
  userId: string,
  idToken: string | null,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    idToken,
    createdAt: now,
    lastSeenAt: now,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
  });
  // Opportunistic clean-up of this user's dead sessions: keeps the table small
  // without a background job.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lt(sessions.absoluteExpiresAt, now),
          lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
        ),
      ),
    );
  return token;
}

const prepareSessionLookup = (db: Database) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('find_active_session');

/**
 * The lookup runs on every signed-in request, so it is built once per
 * database handle and sent as a named statement: Drizzle does not rebuild
 * its SQL each time and PostgreSQL does not plan it each time
 * (docs/performance.md, "Server fixes").
 */
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/**
 * One query for the session and its user (none when `cache` holds them); a
 * second, throttled one to record activity. The expiry rules are applied to
 * cached rows too: a cache entry never outlives its session.
 *
 * Kept in PostgreSQL too: auth_change_notify_user, auth_change_notify_session, auth_change_notify_everyone (drizzle/0017_auth_change_notify.sql); see docs/database-rules.md.
 */
export async function findActiveSession(
  db: Database,
  token: string,
  now = new Date(),
  cache?: SessionCache,
): Promise<ActiveSession | null> {
  const idHash = hashToken(token);
  let row = cache?.get(idHash);
  if (!row) {
    const generation = cache?.generation() ?? 0;
    let lookup = sessionLookups.get(db);
    if (!lookup) {
      lookup = prepareSessionLookup(db);
      sessionLookups.set(db, lookup);
    }
    [row] = await lookup.execute({ idHash });
    if (!row) return null;
    cache?.store(idHash, row, generation);
  }
  const idleSince = now.getTime() - row.session.lastSeenAt.getTime();
  if (row.session.absoluteExpiresAt <= now || idleSince > SESSION_IDLE_TIMEOUT_MS) {
    // The DELETE's trigger tells every instance's cache (migration 0017).
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    cache?.forgetUser(row.user.id);
    return null;
  }
  const staleBefore = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS);
  const personStale = !row.user.lastActive || row.user.lastActive < staleBefore;
  if (idleSince > ACTIVITY_WRITE_INTERVAL_MS || personStale) {
    // Each UPDATE re-checks its own staleness in its WHERE clause: another
    // session of the same person may have written a moment ago (or be writing
    // concurrently: PostgreSQL re-evaluates the WHERE on the row it waited
    // for), so `last_active` is written at most once per interval per person,
    // and a session is not rewritten just because the person's row was stale.
    await db.execute(sql`
      WITH touched AS (
        UPDATE ${sessions} SET last_seen_at = ${now}
        WHERE id_hash = ${idHash} AND last_seen_at < ${staleBefore}
      )
      UPDATE ${users} SET last_active = ${now}
      WHERE id = ${row.user.id} AND (last_active IS NULL OR last_active < ${staleBefore})`);
    // New objects, not edits: a cached row may be in use by a concurrent request.
    const touched = {
      session: idleSince > ACTIVITY_WRITE_INTERVAL_MS ? { ...row.session, lastSeenAt: now } : row.session,
      user: personStale ? { ...row.user, lastActive: now } : row.user,
    };
    cache?.update(idHash, row, touched);
    row = touched;
  }
  return { idHash, user: row.user, idToken: row.session.idToken, signedInAt: row.session.createdAt };
}

/**
 * Whether the session still holds (not signed out, not expired), by its id
 * hash. Unlike findActiveSession it records no activity: the live stream
 * re-checks with it, and an open tab alone must not keep a session alive
 * past its idle timeout.
 */
export async function sessionStillActive(db: Database, idHash: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.absoluteExpiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function destroySession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}
