import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import {
  isNetworkFailure,
  onReconnect,
  reportNetworkFailure,
  reportServerAnswered,
  startNetworkStatus,
  useIsOffline,
} from '../network-status';
import { useUpdateWaiting } from '../update-store';
import { whenFirstScreenShown } from '@/client/lib/first-screen';
import { OfflineNotice } from './offline-notice';

// Shown once per new version at most: not part of the first page's JavaScript. The service worker
// has precached its chunk, so it loads offline too.
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/** How long after the first page is on screen the registration waits before looking for an idle moment. */
const REGISTER_AFTER_SHOWN_MS = 1_000;
/** At the latest this long after that, even if the browser never idles. */
const REGISTER_IDLE_TIMEOUT_MS = 5_000;

function registerInBackground(): void {
  import('../service-worker')
    .then((m) => m.registerServiceWorker())
    // No worker means no offline start and no update prompt; the app itself works as before.
    .catch(() => undefined);
}

/**
 * Registers the service worker once the first page has loaded and is on
 * screen (lib/first-screen.ts), a moment has passed and the browser is idle:
 * precaching downloads the whole app shell, which must not compete with what
 * the first page still loads (its pictures) or renders. The load event alone
 * came before the first page's largest paint (docs/performance.md, client
 * round 3).
 */
function registerWhenIdle(): () => void {
  // `vite` in development serves no sw.js (the plugin writes it at build time only).
  if (import.meta.env.DEV) return () => {};
  let cancel = () => {};
  const whenIdle = () => {
    // Safari has no requestIdleCallback (the DOM types claim every browser has).
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(registerInBackground, { timeout: REGISTER_IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(registerInBackground, 1_000);
      cancel = () => window.clearTimeout(handle);
    }
  };
  const afterShown = () => {
    const handle = window.setTimeout(whenIdle, REGISTER_AFTER_SHOWN_MS);
    cancel = () => window.clearTimeout(handle);
  };
  const schedule = () => {
    cancel = whenFirstScreenShown(afterShown);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}

/**
 * Follows every query's and mutation's outcome: a failure without an answer
 * may mean the network is gone, an answer proves it is back. Back online, the
 * queries that failed meanwhile ask again (among them the session check of an
 * offline start, so a signed-in person gets their pages back).
 */
function followRequests(queryClient: QueryClient): () => void {
  const outcome = (action: { type: string; error?: unknown }) => {
    if (action.type === 'error' && isNetworkFailure(action.error)) reportNetworkFailure();
    else if (action.type === 'success') reportServerAnswered();
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated') outcome(event.action);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated') outcome(event.action);
  });
  const stopReconnect = onReconnect(() => {
    void queryClient.refetchQueries(
      { type: 'active', predicate: (query) => query.state.status === 'error' },
      { cancelRefetch: false },
    );
  });
  return () => {
    stopQueries();
    stopMutations();
    stopReconnect();
  };
}

/** The installable app's part of the shell: offline notice, update prompt, service worker start. */
export function AppStatus() {
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const updateWaiting = useUpdateWaiting();

  useEffect(() => {
    startNetworkStatus();
    return followRequests(queryClient);
  }, [queryClient]);

  useEffect(() => registerWhenIdle(), []);

  return (
    <>
      {offline && <OfflineNotice />}
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
