/**
 * The guard of the worker's fetches against server-side request forgery, SSRF
 * (docs/creatives.md#limits-and-the-fetch-guard): which URLs a hop may go to, and an undici Agent
 * that connects only to public addresses it checked itself. The archive's fetcher
 * (src/worker/media/media-fetcher.ts) holds every hop to it, and so does the push sender
 * (src/worker/push/push-sender.ts) every push. The Agent resolves the host once, refuses when ANY of its addresses is not
 * public, and hands exactly those addresses to the socket, so a second resolution (DNS
 * rebinding) cannot slip a private address in between the check and the connect. Undici's Agent
 * is used directly: proxy variables (HTTP_PROXY, HTTPS_PROXY, …) never route these requests.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { isPublicAddress } from '../../domain/net/public-address.ts';

export type FailureKind = 'refused' | 'status' | 'type' | 'size' | 'timeout' | 'network';

/** Why a file could not be fetched; `retry` says whether trying again later can help. */
export class MediaFetchError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly retry: boolean,
    /** The type the file turned out to be, when it was read that far (a video over its cap). */
    readonly mime?: string,
  ) {
    super(message);
    this.name = 'MediaFetchError';
  }
}

export const refused = (message: string) => new MediaFetchError(message, 'refused', false);

/** node:dns's lookup, as net.connect calls it (the options carry `all` and `family`). */
export type Lookup = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemLookup: Lookup = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * The socket's lookup: every address of the host checked, all or nothing. Answers in the form the
 * caller asked for (net.connect asks `all: true` when it races the families).
 */
export function guardedLookup(resolve: Lookup = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    const family =
      options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family) || 0;
    resolve(hostname, { all: true, ...(family ? { family } : {}) }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((entry) => !isPublicAddress(entry.address));
      if (addresses.length === 0 || bad) {
        const what = bad ? `${bad.address}, not a public address` : 'no address';
        return callback(refused(`${hostname} resolves to ${what}`), '', 0);
      }
      if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The Agent for public hosts; `resolve` is replaceable so tests can name hosts. */
export function guardedAgent(resolve?: Lookup): Agent {
  return new Agent({ connect: { lookup: guardedLookup(resolve) } });
}

/** `host:port` as MEDIA_FETCH_ALLOW names an endpoint (the port always written). */
export function endpointOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/**
 * How a hop may be fetched: `trusted` (an endpoint of MEDIA_FETCH_ALLOW, or the server the worker
 * talks to: any address, http too) or `public` (https only, through the guarded Agent; an IP
 * literal must be public here, since the socket does no lookup for one). Throws a refusal else.
 */
export function hopAccess(url: URL, trusted: ReadonlySet<string>): 'trusted' | 'public' {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refused(`${url.protocol} links are not fetched`);
  }
  if (url.username || url.password) throw refused('links with credentials are not fetched');
  if (trusted.has(endpointOf(url))) return 'trusted';
  if (url.protocol !== 'https:') throw refused(`only https links are fetched (${url.host})`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) throw refused(`${host} is not a public address`);
  return 'public';
}
