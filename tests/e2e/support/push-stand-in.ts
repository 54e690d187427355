import type { BrowserContext, Page } from '@playwright/test';
import type { FakeBrowserSubscription } from '../../support/fake-push-service';

/** Where the stand-in keeps this browser's subscription, and the server key the page subscribed with. */
const SUBSCRIPTION_KEY = 'e2e-push-stand-in:subscription';
const SERVER_KEY = 'e2e-push-stand-in:application-server-key';

/**
 * Replaces the browser's answer to `pushManager.subscribe()` / `getSubscription()`
 * in every page of `context` with `subscription`, an endpoint on our loopback
 * push service (tests/support/fake-push-service.ts) and keys it can decrypt to.
 *
 * Why a stand-in: in Chromium, subscribe() asks the browser vendor's push
 * service (Google's FCM) for an endpoint. That is a third party outside our
 * walls, and unreachable here (no internet: the call never answers). Only that
 * answer is replaced. Everything else is real: the permission prompt's result,
 * the service worker the app registered, the app's code from the click to
 * POST /api/push/subscriptions, the server's allow-list, the job that sends the
 * push, VAPID and aes128gcm, and the HTTPS request to the push service.
 *
 * Like Chromium, subscribe() insists on userVisibleOnly and a server key; the
 * key it was given is kept so the test can compare it with the server's VAPID
 * key and with the one the pushes are signed with. The subscription survives
 * reloads (localStorage), as a real one does, until unsubscribe().
 */
export async function installPushServiceStandIn(
  context: BrowserContext,
  subscription: FakeBrowserSubscription,
): Promise<void> {
  await context.addInitScript(
    ({ stored, subscriptionKey, serverKeyKey }) => {
      if (!('PushManager' in window)) return;
      const base64Url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const bytesOf = (value: string) => {
        const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
        return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
      };
      const serverKeyBytes = (key: BufferSource | string | null | undefined): Uint8Array | undefined => {
        if (typeof key === 'string') return new Uint8Array(bytesOf(key));
        if (key instanceof ArrayBuffer) return new Uint8Array(key);
        if (key && ArrayBuffer.isView(key)) return new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
        return undefined;
      };
      const current = (): PushSubscription | null => {
        const serverKey = localStorage.getItem(serverKeyKey);
        if (localStorage.getItem(subscriptionKey) !== stored.endpoint || !serverKey) return null;
        return {
          endpoint: stored.endpoint,
          expirationTime: null,
          options: { applicationServerKey: bytesOf(serverKey), userVisibleOnly: true },
          getKey: (name: PushEncryptionKeyName) => bytesOf(name === 'p256dh' ? stored.keys.p256dh : stored.keys.auth),
          toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { ...stored.keys } }),
          unsubscribe: () => {
            localStorage.removeItem(subscriptionKey);
            return Promise.resolve(true);
          },
        };
      };
      PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
        const serverKey = serverKeyBytes(options?.applicationServerKey);
        if (!options?.userVisibleOnly || !serverKey || serverKey.length !== 65) {
          return Promise.reject(new DOMException('userVisibleOnly and a P-256 server key needed', 'NotAllowedError'));
        }
        localStorage.setItem(serverKeyKey, base64Url(serverKey));
        localStorage.setItem(subscriptionKey, stored.endpoint);
        return Promise.resolve(current() as PushSubscription);
      };
      PushManager.prototype.getSubscription = function getSubscription() {
        return Promise.resolve(current());
      };
    },
    { stored: subscription, subscriptionKey: SUBSCRIPTION_KEY, serverKeyKey: SERVER_KEY },
  );
}

/** The server key (base64url) the page last subscribed with, as the stand-in recorded it. */
export function subscribedServerKey(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), SERVER_KEY);
}
