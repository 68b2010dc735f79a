/**
 * Loaded by the app's service worker (vite.config.ts builds it into /sw-downloads.js, which the
 * generated worker imports before workbox's routes): streamed downloads
 * (src/domain/downloads/stream-download.ts). A page announces a download by a message; the
 * worker answers every request under STREAM_DOWNLOAD_PREFIX itself, never the network or the app
 * shell (vite.config.ts keeps that prefix out of the navigation fallback too).
 */
import { STREAM_DOWNLOAD_PREFIX } from '../domain/downloads/stream-download.ts';
import { createStreamDownloads, type DownloadPort } from './data/browser/stream-download-worker.ts';

/** What this script uses of the worker's global scope (the DOM library has no worker types here). */
interface WorkerScope {
  location: { origin: string };
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown; ports: readonly DownloadPort[] }) => void,
  ): void;
  addEventListener(
    type: 'fetch',
    listener: (event: { request: Request; respondWith(response: Response): void }) => void,
  ): void;
}

const scope = self as unknown as WorkerScope;
const downloads = createStreamDownloads();

scope.addEventListener('message', (event) => {
  downloads.message(event.data, event.ports);
});

scope.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== scope.location.origin || !url.pathname.startsWith(STREAM_DOWNLOAD_PREFIX)) return;
  event.respondWith(downloads.respond(url.pathname));
});
