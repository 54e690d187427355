import { useEffect } from 'react';
import type { Reading } from '@/contract/schemas/messages';
import { READING } from '@/contract/limits';
import { apiRequest } from '@/client/lib/api-client';
import { readerUrl } from '@/client/lib/query-keys/message-query-keys';

/** This tab's own id, the same for every thread it shows until it closes (the server keys readers by it). */
let tabReaderId: string | undefined;
function readerId(): string {
  tabReaderId ??= crypto.randomUUID();
  return tabReaderId;
}

/**
 * This tab's reader requests, one after another: leaving one thread and
 * opening the next sends a DELETE and a PUT for the same reader, and the
 * server must see them in that order. A failure does not stop the line.
 */
let line: Promise<void> = Promise.resolve();
function inOrder(send: () => Promise<unknown>): Promise<void> {
  const next = line.then(send).then(() => undefined);
  line = next.catch(() => undefined);
  return next;
}

/** PUT /api/conversations/{userId}/readers/{readerId}: this tab shows the thread with `partnerId` on screen. */
export function recordReading(userId: string, partnerId: string): Promise<void> {
  const body: Reading = { partnerId };
  return inOrder(() => apiRequest('PUT', readerUrl(userId, readerId()), { body }));
}

/** DELETE /api/conversations/{userId}/readers/{readerId}: it no longer does (sent so it outlives a closing tab). */
export function forgetReading(userId: string): Promise<void> {
  return inOrder(() => apiRequest('DELETE', readerUrl(userId, readerId()), { keepalive: true }));
}

/**
 * While the thread with `partnerId` is on screen (mounted, and the page
 * visible), tells the server so every READING.heartbeatMs: it sends no push
 * about this conversation meanwhile, since the open app shows each message
 * as it arrives (docs/decisions/0045). Hidden, left or closed, the tab says
 * so; a tab that cannot (a crash, no network) stops counting within a
 * minute. Best effort: a failed beat only means a push may come after all,
 * so failures are not shown to the person.
 */
export function useReadingPresence(userId: string, partnerId: string): void {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const ignore = () => undefined;
    const beat = () => void recordReading(userId, partnerId).catch(ignore);
    const start = () => {
      if (timer !== undefined) return;
      beat();
      timer = setInterval(beat, READING.heartbeatMs);
    };
    const stop = () => {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
      void forgetReading(userId).catch(ignore);
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', stop);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [userId, partnerId]);
}
