import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_CARDS, useCardsShown } from './item-list-states';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useCardsShown', () => {
  it('renders the first screen’s cards first and the rest once the list has been painted', async () => {
    const { result, rerender } = renderHook(({ count }) => useCardsShown(count), { initialProps: { count: 20 } });
    expect(result.current).toBe(FIRST_SCREEN_CARDS);
    await waitFor(() => expect(result.current).toBe(20));
    // From then on every card, as the list grows (the next page) or shrinks (a filter).
    rerender({ count: 40 });
    expect(result.current).toBe(40);
    rerender({ count: 2 });
    expect(result.current).toBe(2);
  });

  it('reveals the rest a first screen’s worth per painted frame, not all in one step', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    /** Runs the frame callbacks waiting now (those they request wait for the next frame). */
    const frame = () =>
      act(() => {
        for (const callback of frames.splice(0)) callback(0);
      });
    const { result } = renderHook(() => useCardsShown(20));
    const seen = [result.current];
    for (let i = 0; i < 8 && result.current < 20; i += 1) {
      frame();
      frame();
      seen.push(result.current);
    }
    expect(seen).toEqual([6, 12, 18, 20]);
  });

  it('a short list renders whole from the start', () => {
    const { result } = renderHook(() => useCardsShown(3));
    expect(result.current).toBe(3);
  });
});
