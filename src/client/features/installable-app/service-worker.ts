import { Workbox } from 'workbox-window';
import { announceWaitingUpdate } from './update-store';

/**
 * Registers the service worker that vite-plugin-pwa generates (sw.js,
 * vite.config.ts). With `registerType: 'prompt'` a new version installs in
 * the background and waits until the person chooses "Reload": switching
 * versions under a running page could mix old and new chunks or lose what
 * they were typing. This module and workbox-window load in a chunk of their
 * own once the first page is done (components/app-status.tsx).
 */

const SW_URL = '/sw.js';
/** A tab can stay open for days: ask for a new version this often, not only on page loads. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let registered = false;

/**
 * Without service worker support (an old browser, some private windows, the
 * browser tests that block workers) the app simply runs without one.
 */
export async function registerServiceWorker(): Promise<void> {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const workbox = new Workbox(SW_URL, { scope: '/' });

  // 'waiting': a new version installed while this page runs the old one, or one already
  // waited at page load. 'installed' with isExternal: another tab registered it.
  const showPrompt = () => announceWaitingUpdate(() => workbox.messageSkipWaiting());
  workbox.addEventListener('waiting', showPrompt);
  workbox.addEventListener('installed', (event) => {
    if (event.isExternal) showPrompt();
  });
  // A new worker took over after "Reload", here or in another tab. It dropped the old
  // version's files from its cache, so this page, still on the old chunks, loads the new one.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate || event.isExternal) window.location.reload();
  });

  const registration = await workbox.register();
  if (!registration) return;
  setInterval(() => {
    // Offline the check can only fail; the next interval tries again.
    if (navigator.onLine) registration.update().catch(() => undefined);
  }, UPDATE_CHECK_INTERVAL_MS);
}
