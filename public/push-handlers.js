/*
 * Web Push in the service worker (docs/decisions/0024-notifications-and-push.md).
 * vite.config.ts has the generated sw.js load this file with importScripts.
 * The server sends { title, body, url, tag }, already in the recipient's language.
 */
/* global self, clients, fetch */

/** Only a path of this app may be opened: a push must not send anyone elsewhere. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Lendloop';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      // The same notification sent again (a retry) replaces itself instead of showing twice.
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appPath(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(appPath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // An open Lendloop tab goes to the screen (a full load there: the client router reads the new URL).
        const focused = await open.focus();
        await (focused || open).navigate(target);
        return;
      }
      await clients.openWindow(target);
    })(),
  );
});

/** The browser renewed the subscription (keys or endpoint changed): tell the server, or pushes stop arriving. */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const subscription =
        event.newSubscription ||
        (event.oldSubscription && (await self.registration.pushManager.subscribe(event.oldSubscription.options)));
      if (!subscription) return;
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
