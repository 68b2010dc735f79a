/**
 * The service worker's registration and update flow, by hand: workbox-window did this for
 * 2.2 KB on every first /app page (docs/benchmarks/pwa.md). The worker vite-plugin-pwa generates
 * (vite.config.ts, registerType 'prompt') waits once installed until a page posts
 * { type: 'SKIP_WAITING' }, then takes over; each page reloads on that change of controller.
 */

/** vite-plugin-pwa's default file name, at the root of the build and of the site. */
const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerHandlers {
  /** A new version is installed and waiting for the page's word (also one found waiting at load). */
  onWaiting(registration: ServiceWorkerRegistration): void;
  onRegistered(registration: ServiceWorkerRegistration): void;
  onError(error: unknown): void;
}

/** Registers the worker once the page has loaded (its precache downloads never compete with the page's own). */
export function registerServiceWorker(handlers: ServiceWorkerHandlers): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).then((registration) => {
      // a worker installed while another controls the page is an update; the first install is not
      const watch = (worker: ServiceWorker | null) =>
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed' && container.controller) handlers.onWaiting(registration);
        });
      if (registration.waiting && container.controller) handlers.onWaiting(registration);
      watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
      handlers.onRegistered(registration);
    }, handlers.onError);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Lets the waiting version take over, and reloads this page when it has. */
export function activateWaitingVersion(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
