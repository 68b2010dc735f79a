/**
 * Renders the demo catalogue's creatives (media.ts) to raster files with sharp. The build
 * writes them into dist/demo-media/ and the dev server answers them (vite.config.ts);
 * scripts/make-demo-media.mjs writes them anywhere; tests/fixtures/fake-cdn.ts serves them and
 * derives a distinct file per ad from them (perAdCopy). Nothing here is committed: a render is
 * deterministic on one machine (fonts may differ between machines, so bytes may too).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { demoMediaSources, type DemoMediaSource, type DemoMediaVariant } from './media.ts';

const SIZE = 600;

/** The Content-Type of a demo file by its extension. */
export const DEMO_MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  svg: 'image/svg+xml',
};

export function demoMediaType(file: string): string {
  return DEMO_MEDIA_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

function encode(image: Sharp, variant: DemoMediaVariant): Promise<Buffer> {
  switch (variant.format) {
    case 'jpg':
      return image.jpeg({ quality: variant.quality ?? 85, mozjpeg: true }).toBuffer();
    case 'webp':
      return image.webp({ quality: variant.quality ?? 80 }).toBuffer();
    case 'png':
      return image.png({ palette: true, colours: 64, compressionLevel: 9 }).toBuffer();
    case 'gif':
      return image.gif({ colours: 64 }).toBuffer();
  }
}

/** The pixels of a drawing as 600×600 RGB, after the variant's crop and brightness. */
async function variantPixels(source: DemoMediaSource): Promise<{ data: Buffer; info: OutputInfo }> {
  const { variant } = source;
  let image = sharp(Buffer.from(source.svg)).flatten({ background: '#ffffff' });
  if (variant.crop) {
    const edge = Math.round(SIZE * variant.crop);
    // extract after the SVG is rasterized, then scale back: a new pipeline for each step
    const whole = await image.png().toBuffer();
    image = sharp(whole)
      .extract({ left: edge, top: edge, width: SIZE - 2 * edge, height: SIZE - 2 * edge })
      .resize(SIZE, SIZE);
  }
  if (variant.brightness) image = image.modulate({ brightness: variant.brightness });
  return image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** One demo file's bytes. */
export async function renderDemoMedia(source: DemoMediaSource): Promise<Buffer> {
  const { data, info } = await variantPixels(source);
  return encode(sharp(data, { raw: info }), source.variant);
}

let sources: Map<string, DemoMediaSource> | null = null;
function knownSources(): Map<string, DemoMediaSource> {
  return (sources ??= demoMediaSources());
}

/**
 * A distinct file for one ad, as a CDN holds a re-upload: the same picture with a few pixels
 * changed where and how `adId` says, encoded as the variant is, so its sha256 differs from every
 * other ad's and its perceptual hash stays near the original's. An MP4 gets a `free` box naming the
 * ad at its end (a valid file, the same frames).
 */
export async function perAdCopy(file: string, original: Buffer, adId: string): Promise<Buffer> {
  const digest = createHash('sha256').update(`${file}|${adId}`).digest();
  if (file.endsWith('.mp4')) {
    const payload = Buffer.from(`adscout-demo ad=${adId}`);
    const box = Buffer.alloc(8 + payload.length);
    box.writeUInt32BE(box.length, 0);
    box.write('free', 4, 'latin1');
    payload.copy(box, 8);
    return Buffer.concat([original, box]);
  }
  const source = knownSources().get(file);
  if (!source) throw new Error(`no demo file '${file}'`);
  const { data, info } = await sharp(original).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // a 6×6 block of the ad's colour at the ad's place, off the middle (where the glyph is)
  const x0 = 20 + (digest.readUInt16BE(0) % (info.width - 46));
  const y0 = 20 + (digest.readUInt16BE(2) % 60);
  for (let y = y0; y < y0 + 6; y++) {
    for (let x = x0; x < x0 + 6; x++) {
      const at = (y * info.width + x) * info.channels;
      for (let c = 0; c < 3; c++) data[at + c] = digest[4 + c]!;
    }
  }
  // the copy keeps the file's format; a lossless re-encode for PNG/GIF, the variant's quality else
  return encode(sharp(data, { raw: info }), { ...source.variant, crop: 0, brightness: 1 });
}

/** Bump when renderDemoMedia's output changes for the same inputs. */
const RENDER_VERSION = 1;

/** sharp's version and this file's rendering choices key the cache: a change renders anew. */
function cacheKey(name: string, source: DemoMediaSource): string {
  return createHash('sha256')
    .update(JSON.stringify([sharp.versions.vips, name, source.variant, source.svg, RENDER_VERSION]))
    .digest('hex')
    .slice(0, 24);
}

/**
 * Writes every demo raster file into `dir` (created), rendering at most `parallel` at once.
 * With `cacheDir`, a file rendered before is copied from there (a build renders each once).
 * Returns the files written and their bytes in all.
 */
export async function writeDemoMedia(
  dir: string,
  options: { cacheDir?: string; parallel?: number } = {},
): Promise<{ files: number; bytes: number }> {
  await mkdir(dir, { recursive: true });
  if (options.cacheDir) await mkdir(options.cacheDir, { recursive: true });
  const queue = [...demoMediaSources()];
  let bytes = 0;
  const next = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [name, source] = job;
      const cached = options.cacheDir ? join(options.cacheDir, `${cacheKey(name, source)}-${name}`) : '';
      let data: Buffer | null = cached ? await readFile(cached).catch(() => null) : null;
      if (!data) {
        data = await renderDemoMedia(source);
        if (cached) {
          // written whole, then renamed: a build running beside this one never reads half a file
          await writeFile(`${cached}.${process.pid}.tmp`, data);
          await rename(`${cached}.${process.pid}.tmp`, cached);
        }
      }
      await writeFile(join(dir, name), data);
      bytes += data.length;
    }
  };
  const sources = queue.length;
  await Promise.all(Array.from({ length: options.parallel ?? 4 }, next));
  return { files: sources, bytes };
}
