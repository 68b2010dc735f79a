import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_PREFIX, isAdMediaUrl, isDemoMediaPath } from '../domain/text/url.ts';
import { sourceQuery } from '../../tests/fixtures/source-query.ts';
import { buildDemoCatalogue } from './library.ts';
import {
  DEMO_MEDIA_LINK_TTL_S,
  DEMO_VIDEO_PRODUCTS,
  demoMediaSources,
  demoVideoFile,
  demoVideoSource,
  PRODUCT_VARIANTS,
} from './media.ts';
import { perAdCopy, renderDemoMedia } from './media-render.ts';
import { magicType, phash, phashDistance } from '../../tests/fixtures/image-probe.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw items are untyped JSON */
type Raw = Record<string, any>;

const VIDEO_DIR = join(import.meta.dirname, '..', '..', 'public', DEMO_MEDIA_DIR);
const NOW = Date.UTC(2026, 10, 22, 14, 30);
const DAY_S = 86_400;

/** Every media link of a raw item, by the field it sits in. */
function mediaLinks(ad: Raw): { field: string; url: string }[] {
  const s = ad.snapshot;
  const links: { field: string; url: string }[] = [];
  for (const holder of [...s.images, ...s.videos, ...s.cards])
    for (const field of [
      'original_image_url',
      'resized_image_url',
      'video_hd_url',
      'video_preview_image_url',
    ])
      if (typeof holder[field] === 'string' && holder[field]) links.push({ field, url: holder[field] });
  return links;
}

const catalogue = (searchTerms: string, mediaBase = '') =>
  buildDemoCatalogue(sourceQuery({ searchTerms, limit: 1000 }), NOW, { mediaBase }) as Raw[];

/** The drawing a file name is a variant of: 'portable-blender-b.jpg' → 'portable-blender'. */
const drawingOf = (path: string) => path.slice(DEMO_MEDIA_PREFIX.length).replace(/-[a-z]\.[a-z]+$/, '');

describe('the demo catalogue’s creatives', () => {
  const sources = demoMediaSources();
  const videos = readdirSync(VIDEO_DIR).filter((name) => name.endsWith('.mp4'));

  it('are files the build renders, or the committed videos, for catalogue and invented products', () => {
    const wanted = new Set<string>();
    let withVideo = 0;
    for (const searchTerms of ['dog harness', 'zorbix quuxle', '']) {
      for (const ad of catalogue(searchTerms)) {
        for (const { url } of mediaLinks(ad)) wanted.add(url);
        const video = ad.snapshot.videos[0];
        if (video?.video_hd_url) {
          withVideo++;
          expect(video.video_preview_image_url, 'a video carries its poster').toMatch(/\.(jpg|webp)$/);
        }
      }
    }
    expect(wanted.size).toBeGreaterThan(100);
    expect(withVideo).toBeGreaterThan(0);
    for (const path of wanted) {
      expect(isDemoMediaPath(path), path).toBe(true);
      const name = path.slice(DEMO_MEDIA_PREFIX.length);
      expect(sources.has(name) || videos.includes(name), path).toBe(true);
    }
    const formats = new Set([...wanted].map((path) => path.slice(path.lastIndexOf('.') + 1)));
    expect([...formats].sort()).toEqual(['gif', 'jpg', 'mp4', 'png', 'webp']);
  });

  it('show a product in several stores as variants of one drawing, started weeks apart', () => {
    // by drawing: the stores (Page ids) that show it, the files they use, and the start days
    const byDrawing = new Map<string, { files: Map<string, Set<string>>; starts: number[] }>();
    for (const ad of catalogue('')) {
      const image = ad.snapshot.images[0]?.original_image_url as string | undefined;
      if (!image) continue;
      const entry = byDrawing.get(drawingOf(image)) ?? { files: new Map<string, Set<string>>(), starts: [] };
      byDrawing.set(drawingOf(image), entry);
      const stores = entry.files.get(String(ad.page_id)) ?? new Set<string>();
      entry.files.set(String(ad.page_id), stores.add(image));
      entry.starts.push(Number(ad.start_date));
    }
    let spread = 0;
    for (const [drawing, { files, starts }] of byDrawing) {
      // a store sticks to one variant of a product
      for (const [store, used] of files) expect(used.size, `${drawing} in ${store}`).toBe(1);
      const variants = new Set([...files.values()].flatMap((used) => [...used]));
      const weeks = (Math.max(...starts) - Math.min(...starts)) / (7 * DAY_S);
      if (files.size >= 3 && variants.size >= 2 && weeks >= 3) spread++;
    }
    expect(spread).toBeGreaterThan(10);
  });

  it('render as distinct, small files of their format whose perceptual hashes are within 10 bits', async () => {
    for (const drawing of ['portable-blender', 'interactive-laser-cat-toy', 'niche-pet']) {
      const names = [...sources.keys()].filter(
        (name) => drawingOf(`${DEMO_MEDIA_PREFIX}${name}`) === drawing,
      );
      expect(names.length, drawing).toBeGreaterThanOrEqual(drawing.startsWith('niche-') ? 2 : 4);
      const files = await Promise.all(names.map((name) => renderDemoMedia(sources.get(name)!)));
      const hashes = await Promise.all(files.map((file) => phash(file)));
      const digests = new Set(files.map((file) => createHash('sha256').update(file).digest('hex')));
      expect(digests.size, drawing).toBe(files.length);
      files.forEach((file, i) => {
        expect(magicType(file), names[i]).toBe(sources.get(names[i]!)!.variant.format);
        expect(file.length, names[i]).toBeLessThan(60 * 1024);
        for (const other of hashes)
          expect(phashDistance(hashes[i]!, other), names[i]).toBeLessThanOrEqual(10);
      });
      const meta = await sharp(files[0]).metadata();
      expect([meta.width, meta.height]).toEqual([600, 600]);
    }
  });

  it('draw every product (and niche) apart from the others: more than 10 bits between their hashes', async () => {
    const firsts = [...sources].filter(([name]) => /-a\.[a-z]+$/.test(name));
    expect(firsts.length).toBeGreaterThan(60);
    const hashes = await Promise.all(firsts.map(async ([, source]) => phash(await renderDemoMedia(source))));
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++)
        expect(phashDistance(hashes[i]!, hashes[j]!), `${firsts[i]![0]} ~ ${firsts[j]![0]}`).toBeGreaterThan(
          10,
        );
  });

  it('have a committed MP4 per video product: 320×320 H.264 (ftyp first), under 200 KB, with its poster', () => {
    expect(videos.sort()).toEqual(DEMO_VIDEO_PRODUCTS.map(demoVideoFile).sort());
    for (const product of DEMO_VIDEO_PRODUCTS) {
      const file = readFileSync(join(VIDEO_DIR, demoVideoFile(product)));
      expect(file.subarray(4, 8).toString('latin1'), product).toBe('ftyp');
      expect(file.includes(Buffer.from('avc1')), product).toBe(true);
      expect(file.length, product).toBeLessThan(200 * 1024);
      expect(sources.has(demoVideoSource(product)), product).toBe(true);
      // every variant of its image exists: the poster a store picks
      const drawing = demoVideoFile(product).replace(/\.mp4$/, '');
      for (const variant of PRODUCT_VARIANTS)
        expect(sources.has(`${drawing}-${variant.suffix}.${variant.format}`), product).toBe(true);
    }
  });

  it('with a media base, are absolute links naming their ad and an expiry days ahead', () => {
    const base = 'http://127.0.0.1:9';
    const relative = catalogue('dog harness');
    const absolute = catalogue('dog harness', base);
    expect(absolute.map((ad) => ad.ad_archive_id)).toEqual(relative.map((ad) => ad.ad_archive_id));
    const oe = Math.floor(NOW / 1000 + DEMO_MEDIA_LINK_TTL_S)
      .toString(16)
      .toUpperCase();
    absolute.forEach((ad, i) => {
      const links = mediaLinks(ad);
      expect(links.map((link) => link.field)).toEqual(mediaLinks(relative[i]!).map((link) => link.field));
      links.forEach(({ url }, j) => {
        expect(url).toBe(`${base}${mediaLinks(relative[i]!)[j]!.url}?ad=${ad.ad_archive_id}&oe=${oe}`);
        expect(isAdMediaUrl(url)).toBe(true);
      });
    });
    // the ads of one creative share media arrays: the relative catalogue is left as it was
    expect(mediaLinks(relative[0]!)[0]!.url.startsWith(DEMO_MEDIA_PREFIX)).toBe(true);
  });
});

describe('perAdCopy', () => {
  it('makes each ad its own file of the same format, with a near perceptual hash, the same for the same ad', async () => {
    const sources = demoMediaSources();
    for (const name of [
      'portable-blender-b.jpg',
      'portable-blender-d.webp',
      'niche-pet-a.png',
      'interactive-laser-cat-toy-e.gif',
    ]) {
      const original = await renderDemoMedia(sources.get(name)!);
      const [one, again, two] = await Promise.all([
        perAdCopy(name, original, '1001'),
        perAdCopy(name, original, '1001'),
        perAdCopy(name, original, '1002'),
      ]);
      expect(one.equals(again), name).toBe(true);
      expect(one.equals(two), name).toBe(false);
      expect(one.equals(original), name).toBe(false);
      expect(magicType(one), name).toBe(magicType(original));
      const base = await phash(original);
      expect(phashDistance(base, await phash(one)), name).toBeLessThanOrEqual(6);
      expect(phashDistance(base, await phash(two)), name).toBeLessThanOrEqual(6);
    }
  });

  it('gives an MP4 a trailing free box naming the ad', async () => {
    const video = readFileSync(join(VIDEO_DIR, demoVideoFile(DEMO_VIDEO_PRODUCTS[0])));
    const copy = await perAdCopy(demoVideoFile(DEMO_VIDEO_PRODUCTS[0]), video, '77');
    expect(copy.subarray(0, video.length).equals(video)).toBe(true);
    const box = copy.subarray(video.length);
    expect(box.readUInt32BE(0)).toBe(box.length);
    expect(box.subarray(4, 8).toString('latin1')).toBe('free');
    expect(box.toString('latin1')).toContain('ad=77');
  });
});
