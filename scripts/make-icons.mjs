// Draws the PWA icons (public/icons/*.png) from the favicon's geometry: a navy rounded square
// with a sky-blue magnifier. Run `node scripts/make-icons.mjs` after changing the mark; the PNGs
// are committed, so builds need nothing but this repository. `--out DIR` writes them elsewhere
// (a test checks that the committed icons are what this draws).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { ROOT } from './lib/paths.mjs';

/**
 * The background's navy and the mark's sky blue, channel by channel (red, green, blue).
 * @type {Array<[navy: number, sky: number]>}
 */
const CHANNELS = [
  [15, 56],
  [23, 189],
  [42, 248],
];

/**
 * How an icon is drawn: a rounded or full-bleed background, the mark's scale, and whether the
 * background is opaque.
 * @typedef {{ rounded: boolean; markScale: number; opaque?: boolean }} IconOptions
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** @param {Buffer} bytes */
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = /** @type {number} */ (CRC_TABLE[(c ^ b) & 0xff]) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** @param {number} size @param {Buffer} rgba */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The distance from the point (px, py) to the segment from (ax, ay) to (bx, by).
 * @param {number} px @param {number} py @param {number} ax @param {number} ay @param {number} bx @param {number} by
 */
function segmentDistance(px, py, ax, ay, bx, by) {
  const t = Math.max(
    0,
    Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/**
 * Coverage of the shapes at a point of the favicon's 64×64 space.
 * @param {number} x @param {number} y @param {IconOptions} options
 */
function sample(x, y, { rounded, markScale }) {
  // background: rounded square (rx 14) or full bleed
  let background = x >= 0 && x <= 64 && y >= 0 && y <= 64;
  if (background && rounded) {
    const cx = Math.max(14, Math.min(50, x));
    const cy = Math.max(14, Math.min(50, y));
    background = Math.hypot(x - cx, y - cy) <= 14;
  }
  // the mark, scaled around the centre of the icon
  const mx = 32 + (x - 32) / markScale;
  const my = 32 + (y - 32) / markScale;
  const ring = Math.abs(Math.hypot(mx - 28, my - 28) - 14) <= 3;
  const handle = segmentDistance(mx, my, 38, 38, 50, 50) <= 3.5;
  return { background, mark: ring || handle };
}

/** @param {number} size @param {IconOptions} options */
function render(size, options) {
  const rgba = Buffer.alloc(size * size * 4);
  const grid = 4; // 16 samples per pixel for smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let mark = 0;
      for (let sy = 0; sy < grid; sy++) {
        for (let sx = 0; sx < grid; sx++) {
          const x = ((px + (sx + 0.5) / grid) / size) * 64;
          const y = ((py + (sy + 0.5) / grid) / size) * 64;
          const s = sample(x, y, options);
          if (s.background) bg += 1;
          if (s.background && s.mark) mark += 1;
        }
      }
      const n = grid * grid;
      const alpha = options.opaque ? 1 : bg / n;
      const markShare = bg ? mark / bg : 0;
      const offset = (py * size + px) * 4;
      CHANNELS.forEach(([navy, sky], c) => {
        rgba[offset + c] = Math.round(navy + (sky - navy) * markShare);
      });
      rgba[offset + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, rgba);
}

const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? process.argv[outAt + 1] : undefined;
const dir = out ? resolve(out) : join(ROOT, 'public', 'icons');
mkdirSync(dir, { recursive: true });
/** @type {Array<[name: string, size: number, options: IconOptions]>} */
const icons = [
  ['icon-192.png', 192, { rounded: true, markScale: 1 }],
  ['icon-512.png', 512, { rounded: true, markScale: 1 }],
  // maskable: full bleed, the mark inside the 80% safe zone
  ['icon-maskable-512.png', 512, { rounded: false, markScale: 0.7, opaque: true }],
  // iOS rounds the corners itself and shows transparency as black
  ['apple-touch-icon.png', 180, { rounded: false, markScale: 0.8, opaque: true }],
];
for (const [name, size, options] of icons) {
  writeFileSync(join(dir, name), render(size, options));
  const path = join(dir, name);
  console.log(`wrote ${relative(ROOT, path).startsWith('..') ? path : relative(ROOT, path)}`);
}
