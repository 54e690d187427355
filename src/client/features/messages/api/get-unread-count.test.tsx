import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLLING } from '@/contract/limits';
import { createQueryClient } from '@/client/lib/query-client';
import { mockFetch } from '@/client/testing/mock-fetch';
import { setLiveConnected } from '@/client/lib/live-status';
import { useUnreadCount } from './get-unread-count';
import { UNREAD_COUNT_URL } from '@/client/lib/query-keys/message-query-keys';

function renderUnreadCount() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useUnreadCount(), { wrapper });
}

/** Lets the fetch promise and React Query's notifications settle under fake timers. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

afterEach(() => setLiveConnected(false));

describe('useUnreadCount', () => {
  it('polls every 30 s while the live stream is down, and stops while it is open', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch({ [UNREAD_COUNT_URL]: { body: { count: 2 } } });
    const view = renderUnreadCount();
    await settle();
    expect(view.result.current.data).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(POLLING.conversationsMs));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    act(() => setLiveConnected(true));
    await act(() => vi.advanceTimersByTimeAsync(POLLING.conversationsMs * 3));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The stream dropped: polling resumes.
    act(() => setLiveConnected(false));
    await act(() => vi.advanceTimersByTimeAsync(POLLING.conversationsMs));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
