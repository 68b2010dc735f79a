/**
 * Where an http(s) URL points, read without the WHATWG `URL` global, which PocketBase's JS VM
 * (goja) lacks: its scheme, its host as `URL.hostname` writes it (lower case, an IPv4 address in
 * dotted decimal whatever form the link used, an IPv6 address in brackets and compressed), and its
 * port. The hooks judge a push endpoint by it when it is saved, and the worker, which has `URL`,
 * judges the same link again when it sends (src/worker/net/ssrf-guard.ts): both must read one
 * host the same way, so `src/domain/net/endpoint.test.ts` holds this reading to `URL`'s.
 *
 * It is stricter than `URL`: a link with white space, a control character, a backslash, a
 * non-ASCII character or a percent sign in its host, a scheme not followed by `//`, a host with an
 * underscore or an `xn--` label is refused (`URL` would repair or re-encode it), so whatever it
 * accepts, `URL` reads the same way.
 */
import { ipBytes } from './public-address.ts';

export type HostKind = 'domain' | 'ipv4' | 'ipv6';

export interface CanonicalHost {
  /** As `URL.hostname` writes it; an IPv6 address with its brackets. */
  hostname: string;
  kind: HostKind;
}

export interface UrlEndpoint extends CanonicalHost {
  protocol: 'http' | 'https';
  /** The port, the scheme's default (443, 80) when the link names none. */
  port: number;
  /** `host:port`, as MEDIA_FETCH_ALLOW names an endpoint. */
  endpoint: string;
  /** The link carries a user name or password. */
  credentials: boolean;
}

const DOMAIN_LABEL = /^[a-z0-9-]{1,63}$/;
const HEX = /^[0-9a-f]*$/i;
const OCTAL = /^[0-7]*$/;
const DECIMAL = /^[0-9]+$/;

/** One part of a WHATWG IPv4 host ('0x1f', '017', '31'), or null. */
function ipv4Number(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
  }
  if (digits === '') return 0;
  const valid = radix === 16 ? HEX : radix === 8 ? OCTAL : DECIMAL;
  if (!valid.test(digits)) return null;
  return parseInt(digits, radix);
}

/** The WHATWG IPv4 parser: 1 to 4 parts, each decimal, octal or hex, the last filling the rest. */
function ipv4Of(host: string): string | null {
  const parts = host.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = ipv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** True when WHATWG reads the host as an IPv4 address: its last label is a number. */
function endsInNumber(host: string): boolean {
  const labels = host.split('.');
  if (labels[labels.length - 1] === '' && labels.length > 1) labels.pop();
  const last = labels[labels.length - 1]!;
  return DECIMAL.test(last) || /^0x[0-9a-f]*$/i.test(last);
}

/** An IPv6 address as WHATWG serializes it: lower-case hex, the first longest run of zeros as '::'. */
function ipv6Text(bytes: Uint8Array): string {
  const pieces: number[] = [];
  for (let i = 0; i < 16; i += 2) pieces.push((bytes[i]! << 8) | bytes[i + 1]!);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (pieces[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && pieces[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  if (bestStart < 0) return pieces.map((p) => p.toString(16)).join(':');
  const head = pieces.slice(0, bestStart).map((p) => p.toString(16));
  const tail = pieces.slice(bestStart + bestLength).map((p) => p.toString(16));
  return `${head.join(':')}::${tail.join(':')}`;
}

/**
 * A host as `URL.hostname` writes it ('Example.COM' → 'example.com', '0x7f.1' → '127.0.0.1',
 * '[0:0::1]' → '[::1]'), or null when it is not one this module accepts.
 */
export function canonicalHost(host: string): CanonicalHost | null {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return null;
    const inner = host.slice(1, -1);
    if (!inner.includes(':') || inner.includes('%')) return null;
    const bytes = ipBytes(inner);
    return bytes && bytes.length === 16 ? { hostname: `[${ipv6Text(bytes)}]`, kind: 'ipv6' } : null;
  }
  const lower = host.toLowerCase();
  if (lower === '' || !/^[a-z0-9.-]+$/.test(lower)) return null;
  if (endsInNumber(lower)) {
    const v4 = ipv4Of(lower);
    return v4 ? { hostname: v4, kind: 'ipv4' } : null;
  }
  const labels = lower.split('.');
  if (labels[labels.length - 1] === '') labels.pop();
  const valid = labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith('xn--'));
  return valid && lower.length <= 253 ? { hostname: lower, kind: 'domain' } : null;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The scheme of a link, lower case without its colon ('' when it has none). */
export function schemeOf(raw: string): string {
  return SCHEME.exec(raw)?.[1]?.toLowerCase() ?? '';
}

/** Where an absolute http(s) link points, or null when it is not one this module accepts. */
export function parseUrlEndpoint(raw: string): UrlEndpoint | null {
  // no white space, control character, backslash or non-ASCII anywhere: URL would strip or
  // re-encode them, and no push service or internal endpoint writes one
  if (!/^[\x21-\x7e]+$/.test(raw) || raw.includes('\\')) return null;
  const protocol = schemeOf(raw);
  if (protocol !== 'http' && protocol !== 'https') return null;
  const rest = raw.slice(protocol.length + 1);
  if (!rest.startsWith('//') || rest.startsWith('///')) return null;
  const authorityEnd = rest.slice(2).search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest.slice(2) : rest.slice(2, 2 + authorityEnd);
  const at = authority.lastIndexOf('@');
  const hostPort = at < 0 ? authority : authority.slice(at + 1);
  const closing = hostPort.startsWith('[') ? hostPort.indexOf(']') : -1;
  const colon = hostPort.indexOf(':', closing < 0 ? 0 : closing);
  if (closing < 0 && hostPort.startsWith('[')) return null;
  const hostText = colon < 0 ? hostPort : hostPort.slice(0, colon);
  const portText = colon < 0 ? '' : hostPort.slice(colon + 1);
  if (portText !== '' && !DECIMAL.test(portText)) return null;
  const port = portText === '' ? (protocol === 'https' ? 443 : 80) : Number(portText);
  if (port > 65535) return null;
  const host = canonicalHost(hostText);
  if (!host) return null;
  return {
    ...host,
    protocol,
    port,
    endpoint: `${host.hostname}:${port}`,
    credentials: at >= 0,
  };
}

/**
 * MEDIA_FETCH_ALLOW's entries: comma-separated `host:port` (an IPv6 host in brackets), each with
 * its port, returned as `host:port` with the host as `URL.hostname` writes it. Throws the reason
 * for a bad entry (the worker stops with it; the hooks refuse to start).
 */
export function parseEndpointList(name: string, value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry);
    const port = Number(match?.[2]);
    const host = match ? canonicalHost(match[1]!) : null;
    if (!host || !(port >= 1 && port <= 65535)) {
      throw new Error(
        `${name} must list host:port endpoints separated by commas, e.g. cdn.internal:8080 or [fd00::5]:443 (got "${entry}")`,
      );
    }
    return `${host.hostname}:${port}`;
  });
}
