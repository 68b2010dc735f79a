/**
 * `node worker.mjs --self-check`: proves a compiled worker can archive, i.e. that sharp and its
 * native libvips load beside it (scripts/build-worker.mjs installs them), without an account or a
 * server. Hashes a drawing made by sharp and prints the versions.
 */
import sharp from 'sharp';
import { PHASH_PATTERN } from '../../domain/media/creative-limits.ts';
import { imageFacts } from './hashes.ts';

export async function selfCheck(): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const facts = await imageFacts(png);
  if (facts.width !== 16 || facts.height !== 9 || !PHASH_PATTERN.test(facts.phash)) {
    throw new Error(`sharp read a 16x9 drawing as ${facts.width}x${facts.height}, hash ${facts.phash}`);
  }
  return `sharp ${sharp.versions.sharp} with libvips ${sharp.versions.vips}: images decode and hash`;
}
