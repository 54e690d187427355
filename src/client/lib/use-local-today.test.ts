import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocalToday } from './use-local-today';

describe('useLocalToday', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Local time (the jsdom set-up's zone), half a minute before midnight.
    vi.setSystemTime(new Date(2026, 2, 9, 23, 59, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('turns to the next day at local midnight, and again the night after', () => {
    const { result } = renderHook(() => useLocalToday());
    expect(result.current).toBe('2026-03-09');
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current).toBe('2026-03-09');
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('2026-03-10');
    act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000));
    expect(result.current).toBe('2026-03-11');
  });

  it('checks again when a timer fires before midnight (the clock was set back)', () => {
    const { result } = renderHook(() => useLocalToday());
    act(() => vi.setSystemTime(new Date(2026, 2, 9, 23, 0, 0)));
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe('2026-03-09');
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(result.current).toBe('2026-03-10');
  });
});
