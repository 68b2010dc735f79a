/**
 * The service worker's side of a streamed download (the protocol:
 * src/domain/downloads/stream-download.ts; wired to the worker's events by src/web/sw-downloads.ts).
 * It keeps the downloads the pages announced, and answers a download's path with a Response whose
 * body it pulls from the page one chunk at a time, as the browser writes it to disk.
 */
import {
  readPageSays,
  readPing,
  readStart,
  streamDownloadHeaders,
  streamDownloadId,
  type StreamDownloadStart,
  type WorkerSays,
} from '../../../domain/downloads/stream-download.ts';

/** What the worker needs of a MessagePort (the tests give a real one). */
export interface DownloadPort {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  addEventListener(type: 'close', listener: () => void): void;
  close(): void;
}

export interface StreamDownloads {
  /** Handles a message event's data and ports; false when it is not this protocol's. */
  message(data: unknown, ports: readonly DownloadPort[]): boolean;
  /** The answer to a request for `pathname` under the download prefix. */
  respond(pathname: string): Response;
  /** How many downloads the worker holds (announced or streaming). */
  size(): number;
}

export function createStreamDownloads(): StreamDownloads {
  /** Announced by a page, not requested yet. */
  const announced = new Map<string, { start: StreamDownloadStart; port: DownloadPort }>();
  /** Requested: its body is streaming. */
  const streaming = new Set<string>();

  function say(port: DownloadPort, message: WorkerSays) {
    port.postMessage(message);
  }

  function stream(id: string, port: DownloadPort): ReadableStream<Uint8Array> {
    let waiting: (() => void) | null = null;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      streaming.delete(id);
      waiting?.();
      waiting = null;
      port.onmessage = null;
      port.close();
    };
    return new ReadableStream<Uint8Array>(
      {
        start(controller) {
          const fail = (reason: string) => {
            if (done) return;
            controller.error(new Error(reason));
            finish();
          };
          port.onmessage = (event) => {
            const says = readPageSays(event.data);
            if (!says || done) return;
            switch (says.kind) {
              case 'chunk':
                controller.enqueue(says.chunk);
                waiting?.();
                waiting = null;
                return;
              case 'end':
                controller.close();
                finish();
                return;
              case 'error':
                return fail(`the page could not make the file: ${says.message}`);
              case 'abort':
                return fail('the page left before the file was made');
            }
          };
          // Chromium tells when the page's end of the port is gone (the tab closed, or crashed)
          port.addEventListener('close', () => fail('the page closed'));
        },
        // Asked when the browser wants more of the body: one chunk at a time from the page.
        pull() {
          if (done) return;
          return new Promise<void>((resolve) => {
            waiting = resolve;
            say(port, { kind: 'pull' });
          });
        },
        cancel(reason) {
          if (done) return;
          say(port, { kind: 'cancel', reason: String(reason ?? '') });
          finish();
        },
      },
      // nothing asked for ahead of the browser's reads
      { highWaterMark: 0 },
    );
  }

  return {
    message(data, ports) {
      const start = readStart(data);
      const port = ports[0];
      if (start && port) {
        announced.set(start.id, { start, port });
        // a page that gives up before its link reaches the worker (it saves another way) says so
        port.onmessage = (event) => {
          if (readPageSays(event.data)?.kind !== 'abort') return;
          announced.delete(start.id);
          port.onmessage = null;
          port.close();
        };
        say(port, { kind: 'ready' });
        return true;
      }
      const pinged = readPing(data);
      if (pinged !== null && port) {
        port.postMessage({ alive: announced.has(pinged) || streaming.has(pinged) });
        port.close();
        return true;
      }
      return false;
    },

    respond(pathname) {
      const id = streamDownloadId(pathname);
      const entry = id ? announced.get(id) : undefined;
      // Only the page that announced it has the id. Anything else (the URL opened again, a worker
      // started anew) gets 204, never the app shell: a link followed to a 204 leaves the page as
      // it was, and the page that waits for `started` saves the file another way.
      if (!id || !entry) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
      announced.delete(id);
      streaming.add(id);
      say(entry.port, { kind: 'started' });
      return new Response(stream(id, entry.port), { headers: streamDownloadHeaders(entry.start) });
    },

    size: () => announced.size + streaming.size,
  };
}
