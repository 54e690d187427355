import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Thread } from '@/contract/schemas/messages';
import { setLiveConnected } from '@/client/lib/live-status';
import { createQueryClient } from '@/client/lib/query-client';
import { conversationsUrl, MESSAGES_URL, threadUrl } from '@/client/lib/query-keys/message-query-keys';
import { mockFetch } from '@/client/testing/mock-fetch';
import { BOB, ME, makeMessage, makeThread } from '../testing/make-message';
import { useSendMessage } from './send-message';

afterEach(() => setLiveConnected(false));

function renderSend() {
  const queryClient = createQueryClient();
  const thread = makeThread([]);
  queryClient.setQueryData<Thread>([threadUrl(ME, BOB)], thread);
  queryClient.setQueryData([conversationsUrl(ME)], []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, view: renderHook(() => useSendMessage(), { wrapper }) };
}

describe('useSendMessage', () => {
  const sent = makeMessage({ senderId: ME, receiverId: BOB, content: 'On my way' });

  it('puts the answer into the thread at once and, with the live stream open, leaves the lists to its event', async () => {
    setLiveConnected(true);
    const fetchMock = mockFetch({ [MESSAGES_URL]: { status: 201, body: sent } });
    const { queryClient, view } = renderSend();
    await act(() => view.result.current.mutateAsync({ userId: ME, receiverId: BOB, content: 'On my way' }));
    expect(queryClient.getQueryData<Thread>([threadUrl(ME, BOB)])?.messages).toEqual([sent]);
    // One request: the POST. The server's `message` event refreshes the lists (use-live-events.ts).
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      `POST ${MESSAGES_URL}`,
    ]);
    expect(queryClient.getQueryState([conversationsUrl(ME)])?.isInvalidated).toBe(false);
  });

  it('without the live stream, refreshes the conversations (list and thread) once', async () => {
    mockFetch({ [MESSAGES_URL]: { status: 201, body: sent } });
    const { queryClient, view } = renderSend();
    await act(() => view.result.current.mutateAsync({ userId: ME, receiverId: BOB, content: 'On my way' }));
    expect(queryClient.getQueryState([conversationsUrl(ME)])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([threadUrl(ME, BOB)])?.isInvalidated).toBe(true);
  });
});
