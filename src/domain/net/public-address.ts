/**
 * Which IP addresses the server's fetches may reach (docs/creatives.md#limits-and-the-fetch-guard):
 * public unicast only. One list for every runtime: the worker's guard (src/worker/net/ssrf-guard.ts)
 * judges every address it connects to, and the hooks judge an address a push endpoint names
 * literally when it is saved (src/domain/push/push-endpoint.ts), so it is pure code, without
 * node:net. A media link comes from an ad source and a push endpoint from a browser, so either may
 * name anything; a fetch of the worker's own host, its network or a cloud metadata service must
 * never happen.
 *
 * IPv4 is refused by range; IPv6 must be global unicast (2000::/3) and outside the ranges that
 * embed or reach IPv4 or are reserved; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged by
 * its IPv4.
 */

interface Prefix {
  bytes: Uint8Array;
  length: number;
}

/** One decimal octet as node:net's isIPv4 reads it: 0–255, no leading zero. */
const V4_OCTET = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;

const REFUSED_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and the broadcast 255.255.255.255
].map(prefix);

/** Within 2000::/3 (the only IPv6 space allowed), what embeds IPv4 or is not reachable. */
const REFUSED_V6 = [
  '2001::/32', // Teredo (embeds an IPv4)
  '2001:2::/48', // benchmarking
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4 (embeds an IPv4)
  '3fff::/20', // documentation
].map(prefix);
const GLOBAL_V6 = prefix('2000::/3');
const MAPPED_V4 = prefix('::ffff:0:0/96');

function prefix(cidr: string): Prefix {
  const [address = '', length = ''] = cidr.split('/');
  const bytes = ipBytes(address);
  if (!bytes) throw new Error(`not an address: ${cidr}`);
  return { bytes, length: Number(length) };
}

function within(bytes: Uint8Array, { bytes: net, length }: Prefix): boolean {
  if (bytes.length !== net.length) return false;
  for (let bit = 0; bit < length; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((bytes[bit >> 3]! & mask) !== (net[bit >> 3]! & mask)) return false;
  }
  return true;
}

function v4Bytes(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => V4_OCTET.test(part))) return null;
  return Uint8Array.from(parts, Number);
}

function v6Bytes(text: string): Uint8Array | null {
  let groups = text;
  const tail: number[] = [];
  const dotted = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(groups);
  if (dotted) {
    const v4 = v4Bytes(dotted[1]!);
    if (!v4) return null;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    groups = groups.slice(0, groups.length - dotted[1]!.length);
    if (groups.endsWith(':') && !groups.endsWith('::')) groups = groups.slice(0, -1);
  }
  const halves = groups.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string) => (half === '' ? [] : half.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  const known = head.length + rest.length + tail.length;
  const gap = halves.length === 2 ? 8 - known : 0;
  if (gap < 0 || (halves.length === 2 && gap < 1) || known + gap !== 8) return null;
  const words = [
    ...head.map((g) => parseInt(g, 16)),
    ...Array<number>(gap).fill(0),
    ...rest.map((g) => parseInt(g, 16)),
    ...tail,
  ];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[2 * i] = word >> 8;
    bytes[2 * i + 1] = word & 0xff;
  });
  return bytes;
}

/**
 * The address's bytes (4 or 16), or null when `text` is not an IP address in the forms node:net's
 * isIP accepts (dotted decimal IPv4, IPv6 with an optional dotted tail). Brackets and a zone are
 * dropped.
 */
export function ipBytes(text: string): Uint8Array | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  return address.includes(':') ? v6Bytes(address) : v4Bytes(address);
}

/** True for an address the archive may connect to; false for anything else, garbage included. */
export function isPublicAddress(text: string): boolean {
  const bytes = ipBytes(text);
  if (!bytes) return false;
  if (bytes.length === 4) return !REFUSED_V4.some((range) => within(bytes, range));
  if (within(bytes, MAPPED_V4)) return isPublicAddress(bytes.slice(12).join('.'));
  return within(bytes, GLOBAL_V6) && !REFUSED_V6.some((range) => within(bytes, range));
}
