import { useSyncExternalStore } from 'react';

/**
 * Whether this tab's live stream (GET /api/events) is open. Queries poll at
 * spec §9's intervals only while it is not: the stream is the primary way
 * news arrives, polling the fallback.
 */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean): void {
  if (value === connected) return;
  connected = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the stream is open now, outside React (a mutation deciding what to refresh). */
export function isLiveConnected(): boolean {
  return connected;
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connected,
    () => false,
  );
}

/** A query's `refetchInterval`: none while the stream is open, else the spec's interval. */
export function pollingWhileOffline(intervalMs: number, isConnected: boolean): number | false {
  return isConnected ? false : intervalMs;
}
