import { announceWaitingUpdate } from './update-store';

/**
 * Registers the service worker that vite-plugin-pwa generates (sw.js,
 * vite.config.ts). With `registerType: 'prompt'` a new version installs in
 * the background and waits until the person chooses "Reload": switching
 * versions under a running page could mix old and new chunks or lose what
 * they were typing. This module loads in a chunk of its own once the first
 * page is done (components/app-status.tsx).
 *
 * The browser's own ServiceWorkerContainer, without workbox-window: of that
 * library the app used three events and one message (2.4 kB gzip the first
 * page loaded, docs/performance.md client round 3), which take a few lines
 * here.
 */

const SW_URL = '/sw.js';
/** A tab can stay open for days: ask for a new version this often, not only on page loads. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** What the generated worker's message handler takes as "activate now" (workbox's messageSkipWaiting). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

let registered = false;

/**
 * Without service worker support (an old browser, some private windows, the
 * browser tests that block workers) the app simply runs without one.
 */
export async function registerServiceWorker(): Promise<void> {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const container = navigator.serviceWorker;
  // A new worker taking over a page that a worker controlled: after "Reload", here or in another tab.
  // It dropped the old version's files from its cache, so this page, still on the old chunks, loads
  // the new one. The first worker taking an uncontrolled page changes nothing it runs.
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (controlled) window.location.reload();
    controlled = true;
  });

  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SW_URL, { scope: '/' });
  } catch {
    return;
  }
  // A new version is there when one waits while a worker controls this page: installed while this
  // page runs (by this registration or another tab's) or already waiting when the page loaded.
  const showPromptIfWaiting = () => {
    if (registration.waiting && container.controller)
      announceWaitingUpdate(() => registration.waiting?.postMessage(SKIP_WAITING));
  };
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') showPromptIfWaiting();
    });
  });
  showPromptIfWaiting();
  setInterval(() => {
    // Offline the check can only fail; the next interval tries again.
    if (navigator.onLine) registration.update().catch(() => undefined);
  }, UPDATE_CHECK_INTERVAL_MS);
}
