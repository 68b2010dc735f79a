import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { magicType } from '../tests/fixtures/image-probe.ts';
import { demoMediaSources } from '../src/demo-library/media.ts';
import { renderDemoMedia } from '../src/demo-library/media-render.ts';
import { ROOT } from './lib/stack.mjs';

const run = promisify(execFile);
const tmp = await mkdtemp(join(tmpdir(), 'adscout-demo-media-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('scripts/make-demo-media.mjs', () => {
  it('renders every demo creative into --out: each file of its format, small, as the build renders it', async () => {
    const out = join(tmp, 'media');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/make-demo-media.mjs', '--out', out],
      {
        cwd: ROOT,
      },
    );
    const sources = demoMediaSources();
    expect(stdout).toContain(`wrote ${sources.size} images to ${out}`);
    const names = (await readdir(out)).sort();
    expect(names).toEqual([...sources.keys()].sort());
    let total = 0;
    for (const name of names) {
      const file = await readFile(join(out, name));
      expect(magicType(file), name).toBe(sources.get(name)!.variant.format);
      expect(file.length, name).toBeLessThan(60 * 1024);
      total += file.length;
    }
    // 600×600 pictures, 10–25 KB each: a few MB for every product in every variant
    expect(total).toBeLessThan(6 * 1024 * 1024);
    for (const name of ['portable-blender-a.jpg', 'niche-pet-a.png'])
      expect((await readFile(join(out, name))).equals(await renderDemoMedia(sources.get(name)!)), name).toBe(
        true,
      );
  }, 120_000);
});
