// Makes the demo catalogue's short videos (src/demo-library/media.ts, DEMO_VIDEO_PRODUCTS)
// into public/demo-media/<product>.mp4: a 3 s, 320×320 H.264 slow zoom on the product's first
// image variant, well under 200 KB each. A one-off: the MP4s are committed, and ffmpeg is no
// dependency of the project. To remake them (after changing the drawings or the list):
//   npm pack @ffmpeg-installer/linux-x64@4.1.0 --pack-destination /tmp
//   tar -xzf /tmp/ffmpeg-installer-linux-x64-4.1.0.tgz -C /tmp
//   node --import tsx scripts/make-demo-videos.mjs --ffmpeg /tmp/package/ffmpeg
// (src/demo-library/media.test.ts checks the committed files: 320×320 H.264, under 200 KB.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_VIDEO_PRODUCTS,
  demoMediaSources,
  demoVideoFile,
  demoVideoSource,
} from '../src/demo-library/media.ts';
import { renderDemoMedia } from '../src/demo-library/media-render.ts';
import { DEMO_MEDIA_DIR } from '../src/domain/text/url.ts';
import { ROOT } from './lib/paths.mjs';
import { writeFile } from 'node:fs/promises';

const at = process.argv.indexOf('--ffmpeg');
const ffmpeg = at > 0 ? process.argv[at + 1] : undefined;
if (!ffmpeg) {
  console.error('usage: node --import tsx scripts/make-demo-videos.mjs --ffmpeg <path of an ffmpeg binary>');
  process.exit(2);
}
const sources = demoMediaSources();
const tmp = mkdtempSync(join(tmpdir(), 'adscout-demo-videos-'));
try {
  for (const product of DEMO_VIDEO_PRODUCTS) {
    const source = sources.get(demoVideoSource(product));
    if (!source) throw new Error(`no image for ${product}`);
    const still = join(tmp, demoVideoSource(product));
    await writeFile(still, await renderDemoMedia(source));
    const out = join(ROOT, 'public', DEMO_MEDIA_DIR, demoVideoFile(product));
    // 75 frames at 25 fps, zooming in 15%; no audio, no metadata, the index first (faststart)
    execFileSync(ffmpeg, [
      ...['-y', '-loglevel', 'error', '-loop', '1', '-i', still],
      ...['-vf', "zoompan=z='1+0.002*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=75:s=320x320:fps=25"],
      ...['-frames:v', '75', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p'],
      ...['-map_metadata', '-1', '-movflags', '+faststart', '-an', out],
    ]);
    console.log(`${demoVideoFile(product)}: ${(statSync(out).size / 1024).toFixed(1)} KB`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
