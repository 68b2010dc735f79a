/**
 * The page's side of a streamed download (the protocol: src/domain/downloads/stream-download.ts):
 * a ReadableStream the page makes is saved as a download through the service worker that
 * controls the page, one chunk per `pull` of the worker, so the file is never held whole. For
 * browsers without `showSaveFilePicker` (docs/boards.md#in-the-app, "Download creatives").
 */
import {
  readWorkerSays,
  STREAM_DOWNLOAD_PING,
  STREAM_DOWNLOAD_PING_MS,
  STREAM_DOWNLOAD_START,
  streamDownloadPath,
  type PageSays,
  type StreamDownloadStart,
  type WorkerSays,
} from '../../../domain/downloads/stream-download.ts';
import { messageOf } from '../../../domain/text/error-message.ts';

/** The user cancelled the download in the browser: the page stopped making the file. */
export class DownloadCancelledError extends Error {
  override name = 'DownloadCancelledError';
}

/** What the page needs of the service worker (navigator.serviceWorker.controller). */
export interface DownloadWorker {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface StreamDownloadOptions {
  worker: DownloadWorker;
  /** Starts the browser's download of a same-origin path (followDownloadLink). */
  open?: (path: string) => void;
  /** Calls `leave` when the page goes away; returns what stops listening. */
  onLeave?: (leave: () => void) => () => void;
  /** How long the worker has to answer `ready`, and then (the link followed) `started`. */
  readyMs?: number;
  startedMs?: number;
  pingMs?: number;
  newId?: () => string;
}

/**
 * Whether the download was made ('done'), or the worker did not take it ('unavailable': the
 * stream is unread, to be saved another way). Rejects with DownloadCancelledError when the user
 * cancels the download, or with the stream's error (the download then fails in the browser too).
 */
export type StreamDownloadResult = 'done' | 'unavailable';

const READY_MS = 10_000;
const STARTED_MS = 30_000;

/** The service worker that controls this page, when one does. */
export function controllingWorker(): DownloadWorker | null {
  return (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) || null;
}

/**
 * Follows a link to `path`: the worker's answer is an attachment, so the browser saves it and the
 * page stays (an unknown download is answered 204, which leaves the page as it is too). Not a
 * hidden iframe: the app's Content-Security-Policy allows no frames of its own origin
 * (src/hooks/site/security-headers.ts).
 */
export function followDownloadLink(path: string): void {
  const anchor = document.createElement('a');
  anchor.href = path;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

function onPageHide(leave: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('pagehide', leave);
  return () => window.removeEventListener('pagehide', leave);
}

function randomId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * The worker's messages in order; `next` waits for one (null when `timeoutMs` passes first).
 * A cancel, or a worker that lost the download, rejects what `guard` waits for at once (a file
 * still being fetched, say). One wait at a time: no promise outlives its wait, however many
 * chunks a download has.
 */
function inbox(port: MessagePort) {
  const queue: WorkerSays[] = [];
  let wake: (() => void) | null = null;
  let stopped: Error | null = null;
  let interrupt: ((error: Error) => void) | null = null;
  const stop = (error: Error) => {
    stopped ??= error;
    interrupt?.(error);
  };
  port.onmessage = (event) => {
    const says = readWorkerSays(event.data);
    if (says?.kind === 'cancel')
      stop(new DownloadCancelledError(says.reason || 'the download was cancelled'));
    else if (says) {
      queue.push(says);
      wake?.();
    }
  };
  async function next(timeoutMs?: number): Promise<WorkerSays | null> {
    while (queue.length === 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const woke = await new Promise<boolean>((resolve) => {
        wake = () => resolve(true);
        if (timeoutMs !== undefined) timer = setTimeout(() => resolve(false), timeoutMs);
      });
      clearTimeout(timer);
      wake = null;
      if (!woke) return null;
    }
    return queue.shift() ?? null;
  }
  /** `promise`, unless the download stops first. */
  function guard<T>(promise: Promise<T>): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((resolve, reject) => {
      interrupt = reject;
      const settled = () => {
        if (interrupt === reject) interrupt = null;
      };
      promise.then(
        (value) => (settled(), resolve(value)),
        (error: unknown) => (settled(), reject(error)),
      );
    });
  }
  return { next, guard, lost: () => stop(new Error('the service worker no longer has the download')) };
}

/** Saves `stream` as the download `fileName` through the service worker (see the module's comment). */
export async function streamDownload(
  fileName: string,
  mimeType: string,
  stream: ReadableStream<Uint8Array>,
  options: StreamDownloadOptions,
): Promise<StreamDownloadResult> {
  const { worker, open = followDownloadLink, onLeave = onPageHide, newId = randomId } = options;
  const id = newId();
  const channel = new MessageChannel();
  const port = channel.port1;
  const box = inbox(port);
  const say = (message: PageSays) => port.postMessage(message);
  const start: StreamDownloadStart = { type: STREAM_DOWNLOAD_START, id, fileName, mimeType };
  worker.postMessage(start, [channel.port2]);
  try {
    const ready = (await box.next(options.readyMs ?? READY_MS))?.kind === 'ready';
    if (ready) open(streamDownloadPath(id, fileName));
    const first = ready ? await box.next(options.startedMs ?? STARTED_MS) : null;
    if (first?.kind !== 'started' && first?.kind !== 'pull') {
      // a worker that answers late forgets it; nothing of the stream was read
      say({ kind: 'abort' });
      port.close();
      return 'unavailable';
    }
    return await serve(first, stream.getReader());
  } finally {
    // The port stays open otherwise: the worker closes it once it has the last message (closing
    // it here could reach the worker, as Chromium's close event, before the `end` does).
    port.onmessage = null;
  }

  /** Answers the worker's pulls from `reader` until the end, a cancel or a failure. */
  async function serve(first: WorkerSays, reader: ReadableStreamDefaultReader<Uint8Array>) {
    const stopLeave = onLeave(() => say({ kind: 'abort' }));
    const pinger = setInterval(() => ping(), options.pingMs ?? STREAM_DOWNLOAD_PING_MS);
    try {
      for (let said: WorkerSays | null = first; ; said = await box.guard(box.next())) {
        if (said?.kind !== 'pull') continue;
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await box.guard(reader.read());
        } catch (error) {
          if (error instanceof DownloadCancelledError) throw error;
          say({ kind: 'error', message: messageOf(error) });
          throw error;
        }
        if (read.done) {
          say({ kind: 'end' });
          return 'done' as const;
        }
        say({ kind: 'chunk', chunk: read.value });
      }
    } catch (error) {
      // not awaited: the stream's source may be waiting for a file, which the caller stops
      void reader.cancel(messageOf(error)).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(pinger);
      stopLeave();
    }
  }

  /** Keeps the worker alive, and finds out whether it still has the download. */
  function ping() {
    const answer = new MessageChannel();
    answer.port1.onmessage = (event) => {
      answer.port1.close();
      if ((event.data as { alive?: unknown } | null)?.alive === false) box.lost();
    };
    worker.postMessage({ type: STREAM_DOWNLOAD_PING, id }, [answer.port2]);
  }
}
