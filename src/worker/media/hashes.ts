/**
 * What the archive records of a file (docs/creatives.md): its sha256 (the creative's identity per
 * user), and of an image its size and a perceptual hash, so the app can group look-alike
 * creatives (src/domain/media/phash.ts) even when they are different files.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** dHash's grid: each of 8 rows compares its 9 samples' neighbours, 8 bits a row. */
const HASH_WIDTH = 9;
const HASH_HEIGHT = 8;

export interface ImageFacts {
  /** 64 bits, 16 lowercase hex characters. */
  phash: string;
  width: number;
  height: number;
}

/**
 * The difference hash (dHash) of an image and its size. Sharp decodes it (an animated image's
 * first frame), to grayscale, down to 9×8 with a fixed kernel and without JPEG's shrink-on-load,
 * so the same picture hashes alike whatever its encoding (transparency drawn on white); a bit is set where a sample is brighter
 * than its right neighbour. Throws on bytes sharp cannot decode.
 */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts> {
  const image = sharp(bytes, { failOn: 'error' });
  const { width = 0, height = 0 } = await image.metadata();
  const pixels = await image
    .clone()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(HASH_WIDTH, HASH_HEIGHT, { fit: 'fill', kernel: 'lanczos3', fastShrinkOnLoad: false })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < HASH_HEIGHT; row++) {
    for (let column = 0; column < HASH_WIDTH - 1; column++) {
      const left = pixels[row * HASH_WIDTH + column]!;
      const right = pixels[row * HASH_WIDTH + column + 1]!;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return { phash: hash.toString(16).padStart(16, '0'), width, height };
}
