import { apiRequest } from './api-client';

/** The route that stores and removes this browser's push subscription (docs/decisions/0024). */
export const PUSH_SUBSCRIPTIONS_URL = '/api/push/subscriptions';

/** DELETE /api/push/subscriptions `{ endpoint }`: the server stops pushing to this browser. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('DELETE', PUSH_SUBSCRIPTIONS_URL, { body: { endpoint } });
}

/**
 * Ends one push subscription: the server's copy first, then the browser's. A
 * browser that unsubscribed but whose row stayed would only cost a 410 later;
 * the other order would leave the server pushing to a subscription nobody
 * can name any more. A failed DELETE (offline, signed out already) does not
 * stop the browser's part.
 */
export async function endPushSubscription(subscription: PushSubscription): Promise<void> {
  await removePushSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

/** Sign-out waits this long at most: a slow network or push service must not keep anyone signed in. */
export const SIGN_OUT_UNSUBSCRIBE_MS = 3_000;

/**
 * Stops push on this browser, if it has a subscription, within `timeoutMs`;
 * never throws. Sign-out calls it: on a shared browser the next person must
 * not see the signed-out person's notifications. It uses the registration
 * that exists now instead of waiting for a service worker to become ready.
 */
export async function unsubscribeThisDevice(timeoutMs = SIGN_OUT_UNSUBSCRIBE_MS): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  const work = (async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (subscription) await endPushSubscription(subscription);
  })().catch(() => undefined);
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
