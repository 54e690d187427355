import { afterEach, vi } from 'vitest';

/**
 * Pins `Date` (and only `Date`: timers, sockets and the database keep running)
 * one second into the fixed window of `windowMs` that holds the present. A
 * rate-limit test pinned there sees its whole budget in one window and the
 * same `Retry-After` on every run, without waiting for a window to begin
 * (issue 31: no test waits on the wall clock). The window is the present
 * one, not a fixed date, so sessions and calendar dates the test writes stay
 * as close to today as the database's own `now()`.
 *
 * Call it inside a test; the clock is given back after each test.
 */
export function pinClockEarlyInWindow(windowMs: number): Date {
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  const pinned = new Date(windowStart + 1_000);
  vi.useFakeTimers({ toFake: ['Date'], now: pinned });
  return pinned;
}

/** Gives the real clock back after every test of the file that calls it (files share a worker: isolate is off). */
export function restoreClockAfterEach(): void {
  afterEach(() => {
    vi.useRealTimers();
  });
}
