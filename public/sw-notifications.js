/* Loaded by the service worker (vite.config.ts, workbox importScripts).

   `push` (docs/push.md#the-service-worker): a push from our server (src/domain/push/push-message.ts
   builds its JSON: kind, title, body, url, tag, run) is shown as a system notification, unless
   an open, visible AdScout window shows that run's news itself: the window that started the run
   shows its own toast, and any visible window toasts the runs it saw working
   (src/web/features/notifications/run-notifier.tsx answers the question). A window that does not
   answer in time counts as not showing it.

   `notificationclick`: a click on a notification (a push's, or one a hidden page showed through
   src/web/data/browser/notifications.ts) brings an open AdScout window to the page it names, or
   opens one. */

/* The question run-notifier.tsx answers (SHOWS_RUN_QUESTION there). */
var SHOWS_RUN_QUESTION = 'adscout:shows-run';
var ANSWER_WAIT_MS = 1000;

function showsRun(client, run) {
  return new Promise(function (resolve) {
    var channel = new MessageChannel();
    var timer = setTimeout(function () {
      resolve(false);
    }, ANSWER_WAIT_MS);
    channel.port1.onmessage = function (event) {
      clearTimeout(timer);
      resolve(Boolean(event.data && event.data.shown));
    };
    try {
      client.postMessage({ type: SHOWS_RUN_QUESTION, run: run }, [channel.port2]);
    } catch (_error) {
      clearTimeout(timer);
      resolve(false);
    }
  });
}

function shownByAWindow(run) {
  if (!run) return Promise.resolve(false);
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
    var visible = windows.filter(function (client) {
      return client.visibilityState === 'visible' && new URL(client.url).origin === self.location.origin;
    });
    return Promise.all(
      visible.map(function (client) {
        return showsRun(client, run);
      }),
    ).then(function (answers) {
      return answers.indexOf(true) !== -1;
    });
  });
}

function readPush(event) {
  try {
    var data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string' && typeof data.body === 'string') return data;
  } catch (_error) {
    // not our JSON: shown as a bare notice below, since a push must show something
  }
  return null;
}

self.addEventListener('push', function (event) {
  var data = readPush(event);
  var title = data ? data.title : 'AdScout';
  // a link of our own origin only (the server sends paths; anything else opens the app's root)
  var url =
    data && typeof data.url === 'string' && /^\/(?![/\\])/.test(data.url)
      ? data.url
      : self.registration.scope;
  event.waitUntil(
    shownByAWindow(data && data.run).then(function (shown) {
      if (shown) return undefined;
      return self.registration.showNotification(title, {
        body: data ? data.body : '',
        icon: '/icons/icon-192.png',
        tag: data && data.tag ? data.tag : undefined,
        data: { url: url },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // every notification names its page (notifications.ts, the push's url); the app's root is only a
  // safety net, and names no route of its own that could drift from src/domain/pages/routes.ts
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
