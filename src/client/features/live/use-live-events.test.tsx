import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { LIVE_EVENT_TYPES } from '@/contract/enums';
import { liveEventSchema } from '@/contract/schemas/live-events';
import { AVAILABLE_ITEMS_URL, ITEMS_URL_PREFIX, MY_ITEMS_URL } from '../../lib/query-keys/item-query-keys';
import { SENT_REQUESTS_URL } from '../../lib/query-keys/lending-query-keys';
import { conversationsUrl, threadUrl, UNREAD_COUNT_URL } from '../../lib/query-keys/message-query-keys';
import { useLiveConnected } from '../../lib/live-status';
import { LIVE_EVENTS_URL, useLiveEvents } from './use-live-events';

/**
 * jsdom has no EventSource (a browser API it lacks), so the tests install
 * this stand-in: it records what the hook opens and lets a test play the
 * server's part (open, error, named events).
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string, init?: { withCredentials?: boolean }) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  // The server's side:
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  fail(readyState: number): void {
    this.readyState = readyState;
    this.onerror?.();
  }
  emit(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

const latest = () => {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('no EventSource was opened');
  return source;
};

const CONVERSATIONS = [conversationsUrl('me')];
const THREAD = [threadUrl('me', 'partner')];
const UNREAD = [UNREAD_COUNT_URL];
const SENT = [SENT_REQUESTS_URL];
const MY_ITEMS = [MY_ITEMS_URL];
const ONE_ITEM = [`${ITEMS_URL_PREFIX}/item-1`];
/** Available Items keys its pages by the filters too. */
const AVAILABLE = [AVAILABLE_ITEMS_URL, { q: '', category: 'all', status: 'all' }];
const GROUPS = ['/api/groups'];
const ALL = [CONVERSATIONS, THREAD, UNREAD, SENT, MY_ITEMS, ONE_ITEM, AVAILABLE, GROUPS];

function setUp() {
  const queryClient = createQueryClient();
  for (const key of ALL) queryClient.setQueryData(key, key === UNREAD ? 1 : { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      useLiveEvents();
      return useLiveConnected();
    },
    { wrapper },
  );
  return { queryClient, view };
}

function invalidated(queryClient: QueryClient): string[] {
  return ALL.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => String(key[0]));
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('useLiveEvents', () => {
  it('opens one stream with credentials and reports whether it is connected', () => {
    const { view } = setUp();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe(LIVE_EVENTS_URL);
    expect(latest().withCredentials).toBe(true);
    expect(view.result.current).toBe(false);

    act(() => latest().open());
    expect(view.result.current).toBe(true);
    // A network error: the browser reconnects by itself, the queries poll meanwhile.
    act(() => latest().fail(FakeEventSource.CONNECTING));
    expect(view.result.current).toBe(false);
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => latest().open());
    expect(view.result.current).toBe(true);
  });

  it('refreshes conversations and the unread count on a message', () => {
    const { queryClient } = setUp();
    act(() => latest().emit('message', JSON.stringify({ type: 'message', partnerId: 'partner' })));
    expect(invalidated(queryClient)).toEqual([CONVERSATIONS[0], THREAD[0], UNREAD[0]]);
  });

  it('refreshes requests, items and conversations when a request changed', () => {
    const { queryClient } = setUp();
    act(() =>
      latest().emit('request_changed', JSON.stringify({ type: 'request_changed', requestId: 'r', itemId: 'item-1' })),
    );
    expect(invalidated(queryClient)).toEqual([
      CONVERSATIONS[0],
      THREAD[0],
      SENT[0],
      MY_ITEMS[0],
      ONE_ITEM[0],
      AVAILABLE[0],
    ]);
  });

  it('refreshes the item lists, Available Items among them, and nothing else when items changed', () => {
    const { queryClient } = setUp();
    act(() => latest().emit('items_changed', JSON.stringify({ type: 'items_changed' })));
    expect(invalidated(queryClient)).toEqual([MY_ITEMS[0], ONE_ITEM[0], AVAILABLE[0]]);
  });

  it('listens to every event type the contract names', () => {
    const types = liveEventSchema.options.map((option) => option.shape.type.value);
    expect([...LIVE_EVENT_TYPES].sort()).toEqual([...types].sort());
  });

  it('sets the unread count from the event, without a request', () => {
    const { queryClient } = setUp();
    act(() => latest().emit('unread_count', JSON.stringify({ type: 'unread_count', count: 12 })));
    expect(queryClient.getQueryData(UNREAD)).toBe(12);
    expect(invalidated(queryClient)).toEqual([]);
  });

  // Only the type is checked (docs/decisions/0012): an event's fields are the
  // server's to check, and its bus drops a malformed one (postgres-event-bus.test.ts).
  it('ignores data that is not a known event of the name it came as', () => {
    const { queryClient } = setUp();
    act(() => {
      latest().emit('message', 'not json');
      latest().emit('message', '42');
      latest().emit('message', JSON.stringify({ partnerId: 'partner' }));
      latest().emit('message', JSON.stringify({ type: 'something_new' }));
      latest().emit('message', JSON.stringify({ type: 'unread_count', count: 7 }));
    });
    expect(queryClient.getQueryData(UNREAD)).toBe(1);
    expect(invalidated(queryClient)).toEqual([]);
  });

  it('refreshes everything live on a later ready (events may have been missed), not on the first', () => {
    const { queryClient } = setUp();
    act(() => latest().emit('ready', '{}'));
    expect(invalidated(queryClient)).toEqual([]);
    act(() => latest().emit('ready', '{}'));
    expect(invalidated(queryClient)).toEqual([
      CONVERSATIONS[0],
      THREAD[0],
      UNREAD[0],
      SENT[0],
      MY_ITEMS[0],
      ONE_ITEM[0],
      AVAILABLE[0],
    ]);
  });

  it('opens a new stream after a pause once the browser gave up on one', () => {
    vi.useFakeTimers();
    const { view } = setUp();
    act(() => latest().open());
    const first = latest();
    act(() => first.fail(FakeEventSource.CLOSED));
    expect(view.result.current).toBe(false);
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2_000));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latest()).not.toBe(first);
    act(() => latest().open());
    expect(view.result.current).toBe(true);
  });

  it('closes the stream and reports it down when unmounted', () => {
    const { view } = setUp();
    act(() => latest().open());
    const source = latest();
    view.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    const probe = renderHook(() => useLiveConnected());
    expect(probe.result.current).toBe(false);
  });
});
