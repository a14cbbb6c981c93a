/// <reference lib="webworker" />
/**
 * The app's one service worker (issue 5; docs/decisions/011): it precaches the app shell so the staff console and
 * the guest page open without network, and it shows the Web Push notifications of new and overdue requests
 * (SPEC §7 push messaging, §8 new request alert). /api is never cached: live data always comes from the server.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { apiUrl, routes } from '@shared/api/routes';
import { onAction, onPush } from './sw-alerts';

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once; its shell is used from the next navigation on.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A guest page comes from the network while there is one: the server draws it with the table's data and in the
// guest's language (decision 017, issue 15), which the precached shell cannot. Without network, the shell (the app
// then says it is offline). Registered first: the first matching route wins.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/table/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

// Every other client-side route (/login, /server/requests, …) gets the precached shell, with or without network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }),
);

self.addEventListener('push', (event) => {
  event.waitUntil(onPush(self.registration, event.data));
});

self.addEventListener('notificationclick', (event) => {
  // "On my way" / "Done" act from the notification itself, without opening the app (decision 090).
  if (event.action) {
    event.waitUntil(onAction(self.registration, event.notification, event.action));
    return;
  }
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : '/', self.location.origin);
  // Only ever our own pages.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(target.href);
        return;
      }
      const focused = await open.focus();
      if (new URL(focused.url).pathname !== target.pathname) {
        await focused.navigate(target.href).catch(() => undefined);
      }
    })(),
  );
});

/** The push service replaced this device's subscription: register the new one for the signed-in user. */
self.addEventListener('pushsubscriptionchange', (change) => {
  change.waitUntil(
    (async () => {
      const subscription =
        change.newSubscription ??
        (change.oldSubscription
          ? await self.registration.pushManager.subscribe(change.oldSubscription.options)
          : null);
      const json = subscription?.toJSON();
      if (!json?.endpoint || !json.keys) return;
      // The session cookie goes along; a signed-out device simply gets a 401 and stays unsubscribed.
      await fetch(apiUrl(routes.subscribePush), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          endpoint: json.endpoint,
          keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
        }),
      });
    })().catch(() => undefined),
  );
});
