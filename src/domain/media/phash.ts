/**
 * Perceptual hashes of creatives (docs/creatives.md): 64 bits as 16 lowercase hex characters
 * (PHASH_PATTERN). The worker computes them (src/worker/media/hashes.ts); the browser groups
 * look-alike creatives by the number of bits two hashes differ in.
 */
import { PHASH_PATTERN } from './creative-limits.ts';

/** Bits set in each hex digit's value. */
const NIBBLE_BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/**
 * How many of the 64 bits two perceptual hashes differ in (0: alike, 64: opposite). Throws on a
 * value that is not a hash, rather than compare garbage.
 */
export function hammingDistance(a: string, b: string): number {
  if (!PHASH_PATTERN.test(a) || !PHASH_PATTERN.test(b)) {
    throw new Error('a perceptual hash is 16 lowercase hex characters');
  }
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    distance += NIBBLE_BITS[parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)]!;
  }
  return distance;
}
