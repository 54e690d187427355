import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionRow } from './session-cache';

function rowOf(userId: string, name = 'Ada'): SessionRow {
  const at = new Date('2026-11-26T10:00:00Z');
  return {
    session: { idHash: `h-${userId}`, userId, idToken: null, createdAt: at, lastSeenAt: at, absoluteExpiresAt: at },
    user: { id: userId, name } as SessionRow['user'],
  };
}

function cacheAt(clock: { now: number }, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const cache = new SessionCache({
    ttlMs: options.ttlMs ?? 1000,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock.now,
  });
  cache.resume();
  return cache;
}

describe('SessionCache', () => {
  it('serves what it stored until the time-to-live has passed', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    cache.store('a', rowOf('u1'), cache.generation());
    clock.now = 999;
    expect(cache.get('a')?.user.id).toBe('u1');
    clock.now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every session of a person at once, and only theirs', () => {
    const cache = cacheAt({ now: 0 });
    cache.store('phone', rowOf('u1'), cache.generation());
    cache.store('laptop', rowOf('u1'), cache.generation());
    cache.store('other', rowOf('u2'), cache.generation());
    cache.forgetUser('u1');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.user.id).toBe('u2');
  });

  it('does not keep a row read before an invalidation (it may be the old one)', () => {
    const cache = cacheAt({ now: 0 });
    const before = cache.generation();
    cache.forgetUser('u1'); // arrives while the lookup is in flight
    cache.store('a', rowOf('u1', 'old name'), before);
    expect(cache.get('a')).toBeUndefined();
    cache.store('a', rowOf('u1', 'new name'), cache.generation());
    expect(cache.get('a')?.user.name).toBe('new name');
  });

  it('neither serves nor stores while suspended, and resumes empty', () => {
    const cache = cacheAt({ now: 0 });
    cache.store('a', rowOf('u1'), cache.generation());
    const inFlight = cache.generation();
    cache.suspend();
    expect(cache.active).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    cache.store('b', rowOf('u2'), cache.generation());
    cache.resume();
    expect(cache.size).toBe(0);
    // A lookup begun before the suspension cannot fill the resumed cache.
    cache.store('c', rowOf('u3'), inFlight);
    expect(cache.get('c')).toBeUndefined();
  });

  it('starts suspended: nothing is cached until invalidations are heard', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10 });
    cache.store('a', rowOf('u1'), cache.generation());
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entries beyond its size, and their index by person', () => {
    const cache = cacheAt({ now: 0 }, { maxEntries: 2 });
    cache.store('a', rowOf('u1'), cache.generation());
    cache.store('b', rowOf('u2'), cache.generation());
    cache.store('c', rowOf('u3'), cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe('u3');
    cache.store('a', rowOf('u1'), cache.generation());
    cache.forgetUser('u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe('u3');
  });

  it('replaces a row after recorded activity without counting it as an invalidation', () => {
    const cache = cacheAt({ now: 0 });
    const stored = rowOf('u1');
    cache.store('a', stored, cache.generation());
    const generation = cache.generation();
    cache.update('a', stored, rowOf('u1', 'touched'));
    expect(cache.get('a')?.user.name).toBe('touched');
    expect(cache.generation()).toBe(generation);
  });

  it('does not let a late activity write put back a row that was invalidated and looked up again', () => {
    const cache = cacheAt({ now: 0 });
    cache.store('a', rowOf('u1', 'old'), cache.generation());
    const readByFirstRequest = cache.get('a')!;
    cache.forgetUser('u1'); // a profile edit's notification
    cache.store('a', rowOf('u1', 'new'), cache.generation()); // a second request looks it up again
    cache.update('a', readByFirstRequest, {
      ...readByFirstRequest,
      user: { ...readByFirstRequest.user, lastActive: new Date() },
    });
    expect(cache.get('a')?.user.name).toBe('new');
  });

  it("keeps a lookup in flight when only someone else's sessions were invalidated", () => {
    const cache = cacheAt({ now: 0 });
    const before = cache.generation();
    cache.forgetUser('u2');
    cache.store('a', rowOf('u1'), before);
    expect(cache.get('a')?.user.id).toBe('u1');
  });

  it('forgets everyone at once, and refuses lookups begun before', () => {
    const cache = cacheAt({ now: 0 });
    cache.store('a', rowOf('u1'), cache.generation());
    const before = cache.generation();
    cache.forgetAll();
    expect(cache.get('a')).toBeUndefined();
    cache.store('b', rowOf('u2'), before);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.active).toBe(true);
  });
});
