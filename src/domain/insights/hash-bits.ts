/**
 * A perceptual hash (src/domain/media/phash.ts: 16 hex digits) as two 32-bit halves, so the
 * grouping compares 35,000 of them with integer operations instead of text.
 */
import { PHASH_PATTERN } from '../media/creative-limits.ts';

export interface HashBits {
  hi: number;
  lo: number;
}

/** The halves of `phash`, or null when it is not a hash (a creative not hashed yet). */
export function hashBits(phash: string): HashBits | null {
  if (!PHASH_PATTERN.test(phash)) return null;
  return { hi: parseInt(phash.slice(0, 8), 16) >>> 0, lo: parseInt(phash.slice(8), 16) >>> 0 };
}

/** Bits set in a 32-bit integer. */
export function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Bits two hashes differ in (hammingDistance of phash.ts, on halves). */
export function bitDistance(aHi: number, aLo: number, bHi: number, bLo: number): number {
  return popcount32((aHi ^ bHi) >>> 0) + popcount32((aLo ^ bLo) >>> 0);
}
