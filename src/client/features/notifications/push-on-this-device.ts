import { useCallback, useEffect, useState } from 'react';
import type { PushSubscriptionInput } from '@/contract/schemas/notifications';
import { endPushSubscription } from '../../lib/push-unsubscribe';
import { getPushPublicKey } from './api/get-push-public-key';
import { savePushSubscription } from './api/save-push-subscription';

/**
 * Push on this browser, as the profile shows it:
 * - unsupported: no service worker, Push API or Notification API here (an
 *   iPhone's Safari outside the home screen app, some private windows);
 * - blocked: the person (or a policy) denied notifications for this site;
 *   only the browser's settings can undo that, so the page says so;
 * - on: this browser has a subscription, and the server has it too;
 * - off: none.
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'on' | 'off';

/** The app registers its service worker after the first page; without one (the dev server) it never becomes ready. */
const WORKER_WAIT_MS = 10_000;
/** Subscribing asks the browser's push service; unreachable (offline, a blocked network) it may never answer. */
const SUBSCRIBE_WAIT_MS = 30_000;

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The VAPID key arrives as base64url; pushManager.subscribe wants its bytes. */
function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

async function readState(): Promise<{ state: PushState; endpoint: string | null }> {
  if (!pushSupported()) return { state: 'unsupported', endpoint: null };
  if (Notification.permission === 'denied') return { state: 'blocked', endpoint: null };
  const registration = await activeRegistration();
  if (!registration) return { state: 'unsupported', endpoint: null };
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return { state: 'off', endpoint: null };
  // Refresh the server's copy: it may have dropped it (a 410) or hold older keys.
  await savePushSubscription(toInput(subscription));
  return { state: 'on', endpoint: subscription.endpoint };
}

async function subscribe(): Promise<{ state: PushState; endpoint: string | null }> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { state: 'blocked', endpoint: null };
  if (permission !== 'granted') return { state: 'off', endpoint: null };
  const registration = await activeRegistration();
  if (!registration) return { state: 'unsupported', endpoint: null };
  const applicationServerKey = base64UrlBytes(await getPushPublicKey());
  const existing = await registration.pushManager.getSubscription();
  // One made with another server key (the key pair changed) cannot be reused.
  if (existing) await existing.unsubscribe();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const subscription = await Promise.race([
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The push service did not answer')), SUBSCRIBE_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  await savePushSubscription(toInput(subscription));
  return { state: 'on', endpoint: subscription.endpoint };
}

async function unsubscribe(): Promise<{ state: PushState; endpoint: string | null }> {
  const registration = await activeRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await endPushSubscription(subscription);
  return { state: 'off', endpoint: null };
}

/** This browser's push state and the actions that change it; `busy` while one runs. */
export function usePushOnThisDevice() {
  const [state, setState] = useState<PushState>('checking');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = useCallback((result: { state: PushState; endpoint: string | null }) => {
    setState(result.state);
    setEndpoint(result.endpoint);
  }, []);

  useEffect(() => {
    let live = true;
    readState()
      .catch(() => ({ state: 'off' as const, endpoint: null }))
      .then((result) => {
        if (live) apply(result);
      });
    return () => {
      live = false;
    };
  }, [apply]);

  const run = useCallback(
    async (action: () => Promise<{ state: PushState; endpoint: string | null }>) => {
      setBusy(true);
      try {
        apply(await action());
      } finally {
        setBusy(false);
      }
    },
    [apply],
  );

  return {
    state,
    endpoint,
    busy,
    enable: () => run(subscribe),
    disable: () => run(unsubscribe),
  };
}
