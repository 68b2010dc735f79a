// Draws the demo catalogue's product images (src/worker/sources/demo-media.ts) into
// public/demo-media/, where the app serves them at /demo-media/. Run
// `node --import tsx scripts/make-demo-media.mjs` after changing the drawings or the catalogue's
// products; the SVGs are committed, so builds need nothing but this repository. `--out DIR`
// writes them elsewhere (src/worker/sources/demo-media.test.ts checks the committed files).
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { demoMediaFiles } from '../src/worker/sources/demo-media.ts';
import { ROOT } from './lib/stack.mjs';

const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? process.argv[outAt + 1] : undefined;
const dir = out ? resolve(out) : join(ROOT, 'public', 'demo-media');
mkdirSync(dir, { recursive: true });
const files = demoMediaFiles();
// images of products the catalogue no longer sells go
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name));
let bytes = 0;
for (const [name, svg] of files) {
  writeFileSync(join(dir, name), svg);
  bytes += statSync(join(dir, name)).size;
}
const shown = relative(ROOT, dir).startsWith('..') ? dir : relative(ROOT, dir);
console.log(`wrote ${files.size} images to ${shown} (${(bytes / 1024).toFixed(1)} KB in all)`);
