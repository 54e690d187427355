import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_CARDS, useCardsShown } from './item-list-states';

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

  it('a short list renders whole from the start', () => {
    const { result } = renderHook(() => useCardsShown(3));
    expect(result.current).toBe(3);
  });
});
