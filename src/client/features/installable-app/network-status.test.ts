import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PROBE_TIMEOUT_MS,
  REACHABILITY_RETRY_MS,
  reportNetworkFailure,
  reportServerAnswered,
  resetNetworkStatus,
  startNetworkStatus,
  useIsOffline,
} from './network-status';
import { renderHook } from '@testing-library/react';

/*
 * The server is outside these tests' walls: fetch is stubbed, answering or
 * failing as each test says, and the clock is Vitest's (issue 33: the
 * offline notice used to wait 15 s for its first re-check, and a probe on a
 * dead network could hang for minutes).
 */
let answering = false;
let hanging = false;
const probes: number[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  answering = false;
  hanging = false;
  probes.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      probes.push(Date.now());
      if (hanging) {
        return new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return answering ? Promise.resolve(new Response('ok')) : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  resetNetworkStatus();
  startNetworkStatus();
});
afterEach(() => {
  resetNetworkStatus();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('network status', () => {
  it('probes at once on a failed request, then again after 2, 4, 8 and every 15 s until the server answers', async () => {
    const { result } = renderHook(() => useIsOffline());
    const start = Date.now();
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(0);
    expect(result.current).toBe(true);
    for (const wait of [...REACHABILITY_RETRY_MS, 15_000]) await vi.advanceTimersByTimeAsync(wait);
    expect(probes.map((at) => at - start)).toEqual([0, 2_000, 6_000, 14_000, 29_000, 44_000]);
    answering = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(result.current).toBe(false);
  });

  it('counts a probe without an answer after PROBE_TIMEOUT_MS as unreachable', async () => {
    hanging = true;
    const { result } = renderHook(() => useIsOffline());
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(result.current).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.current).toBe(true);
  });

  it('starts the waits from the beginning after the server answered again', async () => {
    const start = Date.now();
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(5_000);
    reportServerAnswered();
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(2_000);
    // The wait before the fourth probe is 2 s again, not the 8 s it had come to.
    expect(probes.map((at) => at - start)).toEqual([0, 2_000, 5_000, 7_000]);
  });
});
