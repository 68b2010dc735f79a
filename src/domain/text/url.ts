/**
 * http(s) URL checks without the WHATWG `URL` global, which PocketBase's JS VM (goja) lacks.
 * Used wherever a runtime must accept only http/https links (forms, normalizer, hooks), and the
 * one exception for ad media: the demo catalogue's images, which the app serves itself.
 */
export interface HttpUrlParts {
  protocol: 'http' | 'https';
  host: string;
  port: string;
  path: string;
  query: string;
  hash: string;
}

const HTTP_URL =
  /^(https?):\/\/(?:[^@/?#\s]+@)?([^:/?#\s]+)(?::(\d{1,5}))?([^?#\s]*)(?:\?([^#\s]*))?(?:#(\S*))?$/i;
// No look-around: goja (the hooks' JS VM) runs look-around patterns on a backtracking engine
// that costs far more per test, and every stored row's links pass through here.
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isValidHost(host: string): boolean {
  if (host.length > 253) return false;
  const v4 = IPV4.exec(host);
  if (v4) return v4.slice(1).every((octet) => Number(octet) <= 255);
  const labels = host.replace(/\.$/, '').split('.');
  return labels.length > 0 && labels.every((label) => HOST_LABEL.test(label) || /^xn--/i.test(label));
}

/** Splits an absolute http(s) URL into parts, or returns null when it is not one. */
export function parseHttpUrl(raw: string): HttpUrlParts | null {
  const match = HTTP_URL.exec(raw.trim());
  if (!match) return null;
  const [, protocol = '', host = '', port = '', path = '', query = '', hash = ''] = match;
  if (!isValidHost(host)) return null;
  if (port && Number(port) > 65535) return null;
  return {
    protocol: protocol.toLowerCase() as 'http' | 'https',
    host: host.toLowerCase(),
    port,
    path: path || '/',
    query,
    hash,
  };
}

export function isHttpUrl(raw: string): boolean {
  return parseHttpUrl(raw) !== null;
}

/**
 * The first value of the parameter `name` in a query string ('a=1&b=2', HttpUrlParts.query),
 * decoded ('+' is a space); null when it is absent or its %-escapes are malformed.
 */
export function queryParam(query: string, name: string): string | null {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if ((eq < 0 ? pair : pair.slice(0, eq)) !== name) continue;
    try {
      return decodeURIComponent((eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' '));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The folder of the demo catalogue's product images and videos: the web build renders the images
 * into dist/demo-media/, and the videos are committed in public/demo-media/.
 */
export const DEMO_MEDIA_DIR = 'demo-media';

/**
 * Where the app serves that folder. The demo Library writes media as root-relative paths under it,
 * so its ads show on a server with no internet.
 */
export const DEMO_MEDIA_PREFIX = `/${DEMO_MEDIA_DIR}/`;

/** A file name under DEMO_MEDIA_PREFIX: lower-case words and hyphens, a media extension, nothing else. */
const DEMO_MEDIA_PATH = new RegExp(
  `^${DEMO_MEDIA_PREFIX}[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?\\.(?:jpg|png|webp|gif|mp4|svg)$`,
);

/** A root-relative path to one of the demo catalogue's images (no '..', query or other folder). */
export function isDemoMediaPath(raw: string): boolean {
  return DEMO_MEDIA_PATH.test(raw);
}

/**
 * An ad's media link: an absolute http(s) URL (the sources' CDN links) or a demo image path.
 * Every other root-relative path (/api/…), protocol-relative URL (//host) or scheme is refused.
 */
export function isAdMediaUrl(raw: string): boolean {
  return isDemoMediaPath(raw) || isHttpUrl(raw);
}
