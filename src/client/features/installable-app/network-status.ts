import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server: false while the browser says it is
 * offline (`navigator.onLine`), and while requests fail for lack of network
 * although the browser believes it is online (a captive portal, a dead Wi-Fi,
 * the server's network gone). The offline notice follows this.
 */

/**
 * Waits between checks while the server is unreachable but the browser
 * claims to be online: soon at first (a blip is over in seconds, and the
 * notice should leave as fast as it came), then every 15 s (issue 33: the
 * first check used to come only after 15 s).
 */
export const REACHABILITY_RETRY_MS = [2_000, 4_000, 8_000, 15_000] as const;
/** A probe without an answer by then counts as unreachable: a dead Wi-Fi can hold a request for minutes. */
export const PROBE_TIMEOUT_MS = 4_000;
/** Answers from any route prove the network; this one is public, tiny and never rate limited. */
const PROBE_URL = '/healthz';

interface NetworkState {
  browserOnline: boolean;
  serverUnreachable: boolean;
}

let state: NetworkState = { browserOnline: true, serverUnreachable: false };
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;
let started = false;

function setState(next: Partial<NetworkState>): void {
  const wasOffline = isOffline(state);
  state = { ...state, ...next };
  for (const listener of listeners) listener();
  if (wasOffline && !isOffline(state)) for (const listener of reconnectListeners) listener();
}

function isOffline(current: NetworkState): boolean {
  return !current.browserOnline || current.serverUnreachable;
}

/** fetch() rejects with a TypeError exactly when no HTTP answer arrived (an abort is a DOMException). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

async function serverAnswers(): Promise<boolean> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    await fetch(PROBE_URL, { cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timeout);
  }
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const wait = REACHABILITY_RETRY_MS[Math.min(retries, REACHABILITY_RETRY_MS.length - 1)];
  retries++;
  retryTimer = setTimeout(() => void checkReachability(), wait);
}

async function checkReachability(): Promise<void> {
  const reachable = await serverAnswers();
  setState({ serverUnreachable: !reachable });
  if (reachable) retries = 0;
  else scheduleRetry();
}

/**
 * A request failed without an answer. A TypeError can also be a bug in the
 * code around fetch, so the notice shows only once a probe of the server fails too.
 */
export function reportNetworkFailure(): void {
  if (state.serverUnreachable || !state.browserOnline) return;
  void checkReachability();
}

/** A request got an answer: the server is reachable again. */
export function reportServerAnswered(): void {
  if (!state.serverUnreachable) return;
  clearTimeout(retryTimer);
  retries = 0;
  setState({ serverUnreachable: false });
}

function onBrowserOnline(): void {
  setState({ browserOnline: true });
  // The browser's word is not proof that the server answers (see reportNetworkFailure).
  if (state.serverUnreachable) void checkReachability();
}

function onBrowserOffline(): void {
  setState({ browserOnline: false });
}

/** Starts following the browser's online and offline events; once per page. */
export function startNetworkStatus(): void {
  if (started) return;
  started = true;
  setState({ browserOnline: navigator.onLine });
  window.addEventListener('online', onBrowserOnline);
  window.addEventListener('offline', onBrowserOffline);
}

/** Runs `listener` each time the app goes from offline back to online; returns the unsubscribe. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getOffline = () => isOffline(state);

/** True while the app cannot reach the server. */
export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, getOffline, getOffline);
}

/** Back to the initial state with no listeners; for tests. */
export function resetNetworkStatus(): void {
  clearTimeout(retryTimer);
  retries = 0;
  window.removeEventListener('online', onBrowserOnline);
  window.removeEventListener('offline', onBrowserOffline);
  state = { browserOnline: true, serverUnreachable: false };
  started = false;
  listeners.clear();
  reconnectListeners.clear();
}
