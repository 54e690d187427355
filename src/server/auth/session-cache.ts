import type { sessions, users } from '../db/schema';

/** A session row and its person's row, as the session lookup reads them. */
export interface SessionRow {
  session: typeof sessions.$inferSelect;
  user: typeof users.$inferSelect;
}

export interface SessionCacheOptions {
  /** How long an entry may serve requests; bounds staleness if an invalidation is ever missed. */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  now?: () => number;
}

/** The defaults of docs/decisions/0031-session-cache.md. */
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  row: SessionRow;
  storedAt: number;
}

/**
 * The sessions this instance looked up in the last few seconds, so that a
 * request usually runs one statement (its own) instead of two
 * (docs/decisions/0031-session-cache.md).
 *
 * It only serves while invalidations are known to arrive: `resume()` is
 * called once the instance LISTENs to the auth-change channel, `suspend()`
 * as soon as that connection is lost (notifications sent meanwhile are
 * gone). Suspended, it neither serves nor stores, and resuming starts
 * empty.
 *
 * A lookup that began before an invalidation of its person (or of
 * everyone) must not store what it read: it may be the old row.
 * `generation()` is taken before the query, and `store` refuses a row whose
 * person was invalidated since. Invalidations of other people do not
 * concern it.
 *
 * Kept in PostgreSQL too: auth_change_notify_user, auth_change_notify_session, auth_change_notify_everyone (drizzle/0017_auth_change_notify.sql); see docs/database-rules.md.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesByUser = new Map<string, Set<string>>();
  /** Counts invalidations; `invalidatedAt` holds each person's last one, `clearedAt` the last of everyone. */
  private generationCount = 0;
  private clearedAt = 0;
  private readonly invalidatedAt = new Map<string, number>();
  private serving = false;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? Date.now;
  }

  get active(): boolean {
    return this.serving;
  }

  get size(): number {
    return this.entries.size;
  }

  generation(): number {
    return this.generationCount;
  }

  get(idHash: string): SessionRow | undefined {
    if (!this.serving) return undefined;
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.delete(idHash, entry.row.user.id);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps `row` unless the cache is suspended or its person was invalidated since `generation`. */
  store(idHash: string, row: SessionRow, generation: number): void {
    if (!this.serving || generation < this.clearedAt) return;
    if ((this.invalidatedAt.get(row.user.id) ?? -1) > generation) return;
    const existing = this.entries.get(idHash);
    if (existing) this.delete(idHash, existing.row.user.id);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.delete(oldest[0], oldest[1].row.user.id);
    }
    this.entries.set(idHash, { row, storedAt: this.now() });
    let hashes = this.hashesByUser.get(row.user.id);
    if (!hashes) {
      hashes = new Set();
      this.hashesByUser.set(row.user.id, hashes);
    }
    hashes.add(idHash);
  }

  /**
   * Replaces the row `previous` by `next` after this instance recorded
   * activity (not an invalidation: the change is the instance's own and is
   * known). Only if the entry still holds `previous`: when it was
   * invalidated and looked up again meanwhile, the fresh row stays.
   */
  update(idHash: string, previous: SessionRow, next: SessionRow): void {
    const entry = this.entries.get(idHash);
    if (entry?.row === previous) entry.row = next;
  }

  /** Drops every session of one person (their row or one of their sessions changed). */
  forgetUser(userId: string): void {
    this.generationCount += 1;
    // Bounded: past the entries' own bound, forgetting everyone is as good.
    if (this.invalidatedAt.size >= this.maxEntries) {
      this.clear();
      return;
    }
    this.invalidatedAt.set(userId, this.generationCount);
    const hashes = this.hashesByUser.get(userId);
    if (!hashes) return;
    for (const idHash of hashes) this.entries.delete(idHash);
    this.hashesByUser.delete(userId);
  }

  /** Drops every session (a TRUNCATE, or anything else that cannot name its people). */
  forgetAll(): void {
    this.clear();
  }

  /** Starts serving, empty: invalidations arrive from now on. */
  resume(): void {
    this.clear();
    this.serving = true;
  }

  /** Stops serving and forgets everything: invalidations may be lost from now on. */
  suspend(): void {
    this.serving = false;
    this.clear();
  }

  private clear(): void {
    this.generationCount += 1;
    this.clearedAt = this.generationCount;
    this.invalidatedAt.clear();
    this.entries.clear();
    this.hashesByUser.clear();
  }

  private delete(idHash: string, userId: string): void {
    this.entries.delete(idHash);
    const hashes = this.hashesByUser.get(userId);
    hashes?.delete(idHash);
    if (hashes?.size === 0) this.hashesByUser.delete(userId);
  }
}
