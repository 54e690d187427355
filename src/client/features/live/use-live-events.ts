import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_EVENT_TYPES } from '@/contract/enums';
import type { LiveEvent, LiveEventType } from '@/contract/schemas/live-events';
import { whenFirstScreenShown } from '../../lib/first-screen';
import { invalidateByPrefix } from '../../lib/invalidate-by-prefix';
import { invalidateItemQueries } from '../../lib/query-keys/item-query-keys';
import { LENDING_REQUESTS_URL } from '../../lib/query-keys/lending-query-keys';
import { invalidateLoanHistoryQueries } from '../../lib/query-keys/loan-query-keys';
import { CONVERSATIONS_URL_PREFIX, UNREAD_COUNT_URL } from '../../lib/query-keys/message-query-keys';
import { setLiveConnected } from '../../lib/live-status';

export const LIVE_EVENTS_URL = '/api/events';
/** Pause before opening a stream again after the browser gave up on it; doubles up to the maximum. */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps this tab's live stream (GET /api/events) open while a user is
 * signed in and refreshes the queries each event names. Mount it once, in
 * the signed-in layout. While the stream is down `useLiveConnected()` is
 * false and the queries poll (pollingWhileOffline).
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    // A browser without EventSource keeps polling, as if the stream were down.
    if (!Reflect.has(globalThis, 'EventSource')) return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let readyBefore = false;

    const open = () => {
      const current = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
      source = current;
      current.onopen = () => {
        failures = 0;
        setLiveConnected(true);
      };
      current.onerror = () => {
        setLiveConnected(false);
        // After a network error EventSource reconnects by itself; after an
        // HTTP error (a 503 while the server restarts, a 429, a 401) it gives
        // up for good, so start over after a growing pause.
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures);
        failures += 1;
        retryTimer = setTimeout(open, wait);
      };
      current.addEventListener('ready', () => {
        // The first `ready` opens the stream; any later one (a reconnect, or
        // the server's bus was interrupted) means events may have been missed.
        if (readyBefore) refreshEverythingLive(queryClient);
        readyBefore = true;
      });
      for (const type of LIVE_EVENT_TYPES) {
        current.addEventListener(type, (message: MessageEvent<unknown>) => {
          const event = readLiveEvent(type, message.data);
          if (event) applyLiveEvent(queryClient, event);
        });
      }
    };

    // Once the first screen is shown (lib/first-screen.ts); a later mount opens at once.
    const cancelOpen = whenFirstScreenShown(open);
    return () => {
      cancelOpen();
      clearTimeout(retryTimer);
      source?.close();
      setLiveConnected(false);
    };
  }, [queryClient]);
}

/** Refreshes what an event names. Events carry ids only: the data comes from the authorized API. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'message':
      void invalidateByPrefix(queryClient, CONVERSATIONS_URL_PREFIX);
      void queryClient.invalidateQueries({ queryKey: [UNREAD_COUNT_URL] });
      return;
    case 'request_changed':
      void invalidateByPrefix(queryClient, LENDING_REQUESTS_URL);
      void invalidateItemQueries(queryClient);
      // A hand-out, return or dispute changes the loan histories and counts (issue 19).
      void invalidateLoanHistoryQueries(queryClient);
      // Each step posts a system message into the two people's conversation.
      void invalidateByPrefix(queryClient, CONVERSATIONS_URL_PREFIX);
      return;
    case 'items_changed':
      // Someone shared an item with the user (a quick-add answer to their
      // network request) or withdrew one: Available Items shows it at once.
      void invalidateItemQueries(queryClient);
      return;
    case 'unread_count':
      queryClient.setQueryData([UNREAD_COUNT_URL], event.count);
      return;
  }
}

function refreshEverythingLive(queryClient: QueryClient): void {
  void invalidateByPrefix(queryClient, CONVERSATIONS_URL_PREFIX);
  void queryClient.invalidateQueries({ queryKey: [UNREAD_COUNT_URL] });
  void invalidateByPrefix(queryClient, LENDING_REQUESTS_URL);
  void invalidateItemQueries(queryClient);
  void invalidateLoanHistoryQueries(queryClient);
}

/**
 * The event an SSE message of type `name` carries, or null for anything that
 * is not JSON of that type. Only the type is checked: our server wrote the
 * event from the contract's LiveEvent type (the PostgreSQL bus checks each
 * notification against `liveEventSchema` before a stream sends it), so the
 * client trusts its shape as it trusts API answers, without zod on every page
 * (docs/decisions/0012-client-trusts-answer-shapes.md).
 */
function readLiveEvent(name: LiveEventType, data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  return isLiveEvent(event) && event.type === name ? event : null;
}

function isLiveEvent(value: unknown): value is LiveEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof value.type === 'string' &&
    (LIVE_EVENT_TYPES as readonly string[]).includes(value.type)
  );
}
