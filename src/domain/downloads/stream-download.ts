/**
 * A file the page makes as a stream and the app's service worker hands to the browser as a
 * download (docs/boards.md#in-the-app, "Download creatives"), for browsers without
 * `showSaveFilePicker`. The words both sides speak, in one place: the page
 * (src/web/data/browser/stream-download.ts) and the service worker
 * (src/web/data/browser/stream-download-worker.ts, loaded by src/web/sw-downloads.ts).
 *
 * 1. The page posts START (`{type, id, fileName, mimeType}`) to the service worker that controls it,
 *    with a MessagePort; the worker answers `ready` on the port.
 * 2. The page follows a link to `streamDownloadPath(id, fileName)`. Only the service worker answers
 *    that path: a Response (an attachment, so the page stays) whose body it pulls from the page,
 *    and `started` on the port; an id it does not have, 204 (the page stays too).
 * 3. Each time the browser wants more of the body the worker posts `pull`; the page answers one
 *    `chunk`, or `end`, or `error`. One chunk in flight at a time: the file is never held whole.
 * 4. The user cancelling the download reaches the page as `cancel`; the page leaving posts `abort`.
 * 5. While it lasts, the page posts PING with a port every few seconds: it keeps the worker alive
 *    (browsers stop an idle one) and the answer `{alive}` says whether the worker still has it.
 */
/**
 * The path under which only the service worker answers (and the app shell never does): under the
 * app's APP_BASE (src/domain/pages/routes.ts; the unit test holds them together), written out so
 * that the worker's script does not bundle the route table.
 */
export const STREAM_DOWNLOAD_PREFIX = '/app/__download/';
export const STREAM_DOWNLOAD_START = 'adscout:stream-download';
export const STREAM_DOWNLOAD_PING = 'adscout:stream-download-ping';
/** How often the page pings the worker while a download lasts (browsers stop one idle for 30 s). */
export const STREAM_DOWNLOAD_PING_MS = 10_000;

/** The page's random id of one download: URL-safe, long enough not to be guessed or repeated. */
const ID = /^[A-Za-z0-9_-]{16,64}$/;
const MIME_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;
const FALLBACK_MIME_TYPE = 'application/octet-stream';
const MAX_NAME = 200;

export interface StreamDownloadStart {
  type: typeof STREAM_DOWNLOAD_START;
  id: string;
  fileName: string;
  mimeType: string;
}

/** Worker → page, on the download's port. */
export type WorkerSays =
  { kind: 'ready' } | { kind: 'started' } | { kind: 'pull' } | { kind: 'cancel'; reason: string };

/** Page → worker, on the download's port. */
export type PageSays =
  | { kind: 'chunk'; chunk: Uint8Array }
  | { kind: 'end' }
  | { kind: 'error'; message: string }
  | { kind: 'abort' };

/**
 * A file name as a download may carry it: no folders, no control characters, at most 200
 * characters (the extension kept), never empty.
 */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]+/g, '_').trim();
  if (!clean || clean === '.' || clean === '..') return 'download';
  if (clean.length <= MAX_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, MAX_NAME - extension.length) + extension;
}

/** The same-origin path the page opens for download `id` (its last part is the file's name). */
export function streamDownloadPath(id: string, fileName: string): string {
  return `${STREAM_DOWNLOAD_PREFIX}${id}/${encodeURIComponent(safeFileName(fileName))}`;
}

/** The id in a path under STREAM_DOWNLOAD_PREFIX, or null (not a download's path, or not an id). */
export function streamDownloadId(pathname: string): string | null {
  if (!pathname.startsWith(STREAM_DOWNLOAD_PREFIX)) return null;
  const id = pathname.slice(STREAM_DOWNLOAD_PREFIX.length).split('/', 1)[0] ?? '';
  return ID.test(id) ? id : null;
}

/**
 * `Content-Disposition` of an attachment named `fileName`: RFC 6266's `filename*` (RFC 8187's
 * UTF-8 percent-encoding) and a plain ASCII `filename` for what reads only that.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers of the worker's Response: an attachment, never shown, never stored, no length. */
export function streamDownloadHeaders(start: StreamDownloadStart): Record<string, string> {
  return {
    'Content-Type': start.mimeType,
    'Content-Disposition': attachmentDisposition(start.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'no-store',
  };
}

function record(data: unknown): Record<string, unknown> | null {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/** A START message as the worker accepts it (its name made safe), or null. */
export function readStart(data: unknown): StreamDownloadStart | null {
  const message = record(data);
  if (!message || message.type !== STREAM_DOWNLOAD_START) return null;
  const { id, fileName, mimeType } = message;
  if (typeof id !== 'string' || !ID.test(id) || typeof fileName !== 'string') return null;
  return {
    type: STREAM_DOWNLOAD_START,
    id,
    fileName: safeFileName(fileName),
    mimeType: typeof mimeType === 'string' && MIME_TYPE.test(mimeType) ? mimeType : FALLBACK_MIME_TYPE,
  };
}

/** The id a PING asks about, or null when it is not a PING. */
export function readPing(data: unknown): string | null {
  const message = record(data);
  return message?.type === STREAM_DOWNLOAD_PING && typeof message.id === 'string' ? message.id : null;
}

/** What the worker said on the port, or null when it is none of its messages. */
export function readWorkerSays(data: unknown): WorkerSays | null {
  const message = record(data);
  switch (message?.kind) {
    case 'ready':
    case 'started':
    case 'pull':
      return { kind: message.kind };
    case 'cancel':
      return { kind: 'cancel', reason: typeof message.reason === 'string' ? message.reason : '' };
    default:
      return null;
  }
}

/** What the page said on the port, or null when it is none of its messages (a chunk must be bytes). */
export function readPageSays(data: unknown): PageSays | null {
  const message = record(data);
  switch (message?.kind) {
    case 'chunk':
      return message.chunk instanceof Uint8Array ? { kind: 'chunk', chunk: message.chunk } : null;
    case 'end':
    case 'abort':
      return { kind: message.kind };
    case 'error':
      return { kind: 'error', message: typeof message.message === 'string' ? message.message : '' };
    default:
      return null;
  }
}
