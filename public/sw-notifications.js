/* Loaded by the service worker (vite.config.ts, workbox importScripts): a click on a "scout
   finished" notification (src/web/data/browser/notifications.ts) brings an open AdScout window
   to the run it names, or opens one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // every notification names its page (notifications.ts); the app's root is only a safety net, and
  // names no route of its own that could drift from src/domain/pages/routes.ts
  const path = (event.notification.data && event.notification.data.url) || self.registration.scope;
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client
            .focus()
            .then((focused) => (focused && 'navigate' in focused ? focused.navigate(target) : null));
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
