/**
 * A fetched file's type, told by its first bytes only (docs/creatives.md): a server's
 * Content-Type and the link's extension are not trusted, so an HTML error page served as
 * image/jpeg is refused, never archived.
 */
import type { CreativeMime } from '../../domain/media/creative-limits.ts';

/** Bytes enough to tell every kept type. */
export const MAGIC_BYTES_NEEDED = 12;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** The kept type `bytes` start with, or null. */
export function sniffMime(bytes: Uint8Array): CreativeMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 4, 'ftyp')) return 'video/mp4';
  return null;
}
