import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READING } from '@/contract/limits';
import { mockFetch } from '@/client/testing/mock-fetch';
import { useReadingPresence } from './reading-presence';

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

/** Every reader request the hook sent, as "METHOD partner" ("DELETE" alone for a forget). */
function readerCalls(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([, init]) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { partnerId: string }) : undefined;
    return body ? `${init?.method} ${body.partnerId}` : `${init?.method}`;
  });
}

/** Lets the chained requests go out. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

const USER = '11111111-1111-4111-8111-111111111111';
const ANA = '22222222-2222-4222-8222-222222222222';
const BEN = '33333333-3333-4333-8333-333333333333';

describe('useReadingPresence (docs/decisions/0045)', () => {
  it('beats while the thread is on screen, says when it is hidden or left, and starts again when shown', async () => {
    const fetchMock = mockFetch({});
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    const view = renderHook(() => useReadingPresence(USER, ANA));
    await settle();
    expect(readerCalls(fetchMock)).toEqual([`PUT ${ANA}`]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
      new RegExp(`^/api/conversations/${USER}/readers/[0-9a-f-]{36}$`),
    );

    await act(() => vi.advanceTimersByTimeAsync(READING.heartbeatMs));
    expect(readerCalls(fetchMock)).toEqual([`PUT ${ANA}`, `PUT ${ANA}`]);

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(READING.heartbeatMs * 3));
    expect(readerCalls(fetchMock)).toEqual([`PUT ${ANA}`, `PUT ${ANA}`, 'DELETE']);
    expect(fetchMock.mock.calls[2]?.[1]?.keepalive).toBe(true);

    act(() => setVisibility('visible'));
    await settle();
    view.unmount();
    await settle();
    expect(readerCalls(fetchMock)).toEqual([`PUT ${ANA}`, `PUT ${ANA}`, 'DELETE', `PUT ${ANA}`, 'DELETE']);
    // Every request names the same tab.
    expect(new Set(fetchMock.mock.calls.map(([url]) => String(url))).size).toBe(1);
  });

  it('moving to another thread sends the forget before the new beat, one after the other', async () => {
    const fetchMock = mockFetch({});
    const answered: string[] = [];
    // The first answer is slow: the next request must still wait for it.
    fetchMock.mockImplementation(async (_url, init) => {
      if (answered.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      answered.push(String(init?.method));
      return new Response(null, { status: 204 });
    });
    const view = renderHook(({ partner }) => useReadingPresence(USER, partner), { initialProps: { partner: ANA } });
    view.rerender({ partner: BEN });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(readerCalls(fetchMock)).toEqual([`PUT ${ANA}`, 'DELETE', `PUT ${BEN}`]);
    expect(answered).toEqual(['PUT', 'DELETE', 'PUT']);
  });

  it('a refused beat is not shown and does not stop the next', async () => {
    const fetchMock = mockFetch({});
    fetchMock.mockImplementation(async () => new Response('{}', { status: 404 }));
    renderHook(() => useReadingPresence(USER, ANA));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(READING.heartbeatMs));
    expect(readerCalls(fetchMock)).toEqual([`PUT ${ANA}`, `PUT ${ANA}`]);
  });
});
