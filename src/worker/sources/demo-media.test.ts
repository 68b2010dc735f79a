import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_MEDIA_PREFIX, isDemoMediaPath } from '../../domain/text/url.ts';
import { sourceQuery } from '../../../tests/fixtures/source-query.ts';
import { NICHES } from './demo-catalogue.ts';
import { buildDemoCatalogue } from './demo.ts';
import { demoMediaFiles } from './demo-media.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw items are untyped JSON */
type Raw = Record<string, any>;

const DIR = join(import.meta.dirname, '..', '..', '..', 'public', 'demo-media');
const NOW = Date.UTC(2026, 10, 22, 14, 30);

describe('the demo catalogue’s product images (public/demo-media)', () => {
  const drawn = demoMediaFiles();
  const committed = readdirSync(DIR).sort();

  it('are exactly what demo-media.ts draws (run `node --import tsx scripts/make-demo-media.mjs`)', () => {
    expect(committed).toEqual([...drawn.keys()].sort());
    for (const name of committed) expect(readFileSync(join(DIR, name), 'utf8'), name).toBe(drawn.get(name));
  });

  it('are small SVGs: under 300 KB in all, one per product plus one per niche', () => {
    const total = committed.reduce((sum, name) => sum + statSync(join(DIR, name)).size, 0);
    expect(total).toBeLessThan(300 * 1024);
    expect(committed).toHaveLength(NICHES.reduce((sum, niche) => sum + niche.products.length + 1, 0));
    for (const name of committed) {
      expect(isDemoMediaPath(`${DEMO_MEDIA_PREFIX}${name}`), name).toBe(true);
      const svg = readFileSync(join(DIR, name), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), name).toBe(true);
      // an image, nothing that runs or loads: no script, no handler, no link out
      expect(svg, name).not.toMatch(/<script|\son\w+=|href=|<foreignObject|url\((?!#)/i);
    }
  });

  it('are the files the demo ads point at, for catalogue products and invented ones', () => {
    const wanted = new Set<string>();
    for (const searchTerms of ['dog harness', 'zorbix quuxle', '']) {
      for (const ad of buildDemoCatalogue(sourceQuery({ searchTerms, limit: 1000 }), NOW) as Raw[]) {
        const s = ad.snapshot;
        for (const image of s.images) wanted.add(image.original_image_url);
        for (const video of s.videos) wanted.add(video.video_preview_image_url);
        for (const card of s.cards) wanted.add(card.original_image_url);
      }
    }
    expect(wanted.size).toBeGreaterThan(40);
    for (const path of wanted) {
      expect(path.startsWith(DEMO_MEDIA_PREFIX), path).toBe(true);
      expect(committed, path).toContain(path.slice(DEMO_MEDIA_PREFIX.length));
    }
    expect([...wanted].some((path) => path.startsWith(`${DEMO_MEDIA_PREFIX}niche-`))).toBe(true);
  });
});
