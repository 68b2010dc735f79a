// Renders the demo catalogue's creatives (src/demo-library/media.ts, every drawing in
// every variant, as JPEG, PNG, WebP and GIF) into a folder: `node --import tsx
// scripts/make-demo-media.mjs [--out DIR]`, dist/demo-media/ by default. `vite build` writes the
// same files there itself (vite.config.ts) and the dev server answers them, so nobody needs to run
// this to use the app; it is for looking at the files, or serving them from elsewhere. The
// committed videos (public/demo-media/*.mp4) come from scripts/make-demo-videos.mjs.
import { resolve, relative, join } from 'node:path';
import { writeDemoMedia } from '../src/demo-library/media-render.ts';
import { DEMO_MEDIA_DIR } from '../src/domain/text/url.ts';
import { ROOT } from './lib/paths.mjs';

const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? process.argv[outAt + 1] : undefined;
const dir = out ? resolve(out) : join(ROOT, 'dist', DEMO_MEDIA_DIR);
const { files, bytes } = await writeDemoMedia(dir);
const shown = relative(ROOT, dir).startsWith('..') ? dir : relative(ROOT, dir);
console.log(`wrote ${files} images to ${shown} (${(bytes / 1024).toFixed(1)} KB in all)`);
