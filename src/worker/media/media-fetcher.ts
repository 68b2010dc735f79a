/**
 * Fetches one creative file for the archive (docs/creatives.md#limits-and-the-fetch-guard):
 * every hop checked by src/worker/net/ssrf-guard.ts, redirects followed by hand (at most MEDIA_MAX_REDIRECTS),
 * one deadline for the whole fetch with the body, the body streamed and cut off past its cap
 * (Content-Length only refuses early, it is never trusted), the type told by magic bytes.
 */
import { Agent, fetch, type Dispatcher, type Response } from 'undici';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  MEDIA_FETCH_TIMEOUT_MS,
  MEDIA_MAX_REDIRECTS,
  type CreativeMime,
} from '../../domain/media/creative-limits.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import { DEMO_MEDIA_PREFIX } from '../../domain/text/url.ts';
import {
  endpointOf,
  guardedAgent,
  hopAccess,
  MediaFetchError,
  refused,
  type Lookup,
} from '../net/ssrf-guard.ts';
import { MAGIC_BYTES_NEEDED, sniffMime } from './magic-bytes.ts';

export interface MediaFetcherOptions {
  /** The server the worker talks to (ADSCOUT_PB_URL): root-relative demo paths are fetched there. */
  serverUrl: string;
  /** MEDIA_FETCH_ALLOW's endpoints, `host:port`. */
  allow: readonly string[];
  videoMaxBytes: number;
  imageMaxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** The host name resolver (tests name their own hosts). */
  lookup?: Lookup;
}

export interface FetchedFile {
  bytes: Buffer<ArrayBuffer>;
  mime: CreativeMime;
}

/** `image`: a poster (an image or nothing); `media`: an ad's file (an image or a video). */
export type Wanted = 'image' | 'media';

export interface MediaFetcher {
  fetch(link: string, wanted: Wanted, signal: AbortSignal): Promise<FetchedFile>;
  close(): Promise<void>;
}

const isImage = (mime: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(mime);
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function createMediaFetcher(options: MediaFetcherOptions): MediaFetcher {
  const imageMax = options.imageMaxBytes ?? IMAGE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? MEDIA_FETCH_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? MEDIA_MAX_REDIRECTS;
  const server = new URL(options.serverUrl);
  const publicAgent = guardedAgent(options.lookup);
  // Endpoints named by the operator (or the worker's own server): reached whatever their address.
  const trustedAgent = new Agent();
  const capOf = (mime: string) => (isImage(mime) ? imageMax : options.videoMaxBytes);

  /** The first URL: absolute, or a demo path on the worker's own server (then trusted). */
  function start(link: string): { url: URL; trusted: Set<string> } {
    const trusted = new Set(options.allow);
    if (link.startsWith('/') && !link.startsWith('//')) {
      const url = new URL(link, server);
      if (!url.pathname.startsWith(DEMO_MEDIA_PREFIX)) throw refused(`${url.pathname} is not a demo file`);
      trusted.add(endpointOf(server));
      return { url, trusted };
    }
    try {
      return { url: new URL(link), trusted };
    } catch {
      throw refused('the link is not a URL');
    }
  }

  async function readBody(
    body: NonNullable<Response['body']>,
    wanted: Wanted,
    contentLength: number,
  ): Promise<FetchedFile> {
    const reader = body.getReader();
    const chunks: Buffer[] = [];
    let size = 0;
    let mime: CreativeMime | null = null;
    let cap = wanted === 'image' ? imageMax : Math.max(imageMax, options.videoMaxBytes);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (value) {
          chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
          size += value.byteLength;
        }
        if (!mime && (size >= MAGIC_BYTES_NEEDED || done)) {
          const head = Buffer.concat(chunks);
          mime = sniffMime(head);
          if (!mime || (wanted === 'image' && !isImage(mime))) {
            throw new MediaFetchError(
              `not ${wanted === 'image' ? 'an image' : 'a kept type'} by its bytes`,
              'type',
              false,
            );
          }
          cap = capOf(mime);
          if (contentLength > cap) break;
        }
        if (size > cap || done) break;
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
    const total = Math.max(size, contentLength);
    if (total > cap) {
      throw new MediaFetchError(
        `${mime ?? 'the file'} is over ${megabytes(cap)}`,
        'size',
        false,
        mime ?? undefined,
      );
    }
    return { bytes: Buffer.concat(chunks), mime: mime! };
  }

  async function fetchOnce(link: string, wanted: Wanted, signal: AbortSignal): Promise<FetchedFile> {
    let { url, trusted } = start(link);
    for (let hop = 0; ; hop++) {
      const access = hopAccess(url, trusted);
      const dispatcher: Dispatcher = access === 'trusted' ? trustedAgent : publicAgent;
      const response = await fetch(url, {
        dispatcher,
        redirect: 'manual',
        signal,
        headers: { accept: wanted === 'image' ? 'image/*' : 'image/*, video/mp4' },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel().catch(() => undefined);
        if (hop >= maxRedirects) throw refused(`more than ${maxRedirects} redirects`);
        url = new URL(response.headers.get('location')!, url);
        // A redirect's target stands on its own: only the endpoints of MEDIA_FETCH_ALLOW stay trusted.
        trusted = new Set(options.allow);
        continue;
      }
      if (response.status < 200 || response.status >= 300 || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        const { status } = response;
        const retry = status === 408 || status === 429 || status >= 500;
        throw new MediaFetchError(`HTTP ${status} from ${url.host}`, 'status', retry);
      }
      const length = Number(response.headers.get('content-length'));
      return readBody(response.body, wanted, Number.isFinite(length) ? length : 0);
    }
  }

  return {
    async fetch(link, wanted, stop) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([stop, deadline]);
      try {
        return await fetchOnce(link, wanted, signal);
      } catch (error) {
        if (stop.aborted) throw stop.reason;
        if (error instanceof MediaFetchError) throw error;
        if (deadline.aborted) {
          throw new MediaFetchError(`no complete file within ${timeoutMs / 1000} s`, 'timeout', true);
        }
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof MediaFetchError) throw cause; // the Agent's lookup refused the host
        const detail = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : '';
        const message = messageOf(error);
        throw new MediaFetchError(
          `network error: ${message}${detail ? ` (${detail})` : ''}`,
          'network',
          true,
        );
      }
    },
    async close() {
      await Promise.all([publicAgent.close(), trustedAgent.close()]);
    },
  };
}
