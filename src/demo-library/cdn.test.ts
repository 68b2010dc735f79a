/**
 * The demo source's absolute media links (DEMO_MEDIA_BASE) against the CDN double that answers
 * them (tests/fixtures/fake-cdn.ts): files, expiry, one file per ad, latency and request counts.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { creativeMediaOf } from '../domain/ads/normalize/media.ts';
import { itemShapeOf } from '../domain/ads/normalize/item-shapes.ts';
import type { JsonObject } from '../domain/ads/normalize/raw-access.ts';
import { DAY_MS } from '../domain/text/format.ts';
import { DEMO_MEDIA_PREFIX } from '../domain/text/url.ts';
import { startFakeCdn, SIGNATURE_EXPIRED, type FakeCdn } from '../../tests/fixtures/fake-cdn.ts';
import { magicType } from '../../tests/fixtures/image-probe.ts';
import { sourceQuery } from '../../tests/fixtures/source-query.ts';
import { buildDemoCatalogue } from './library.ts';
import { demoMediaSources } from './media.ts';
import { renderDemoMedia } from './media-render.ts';

const NOW = Date.UTC(2026, 10, 22, 14, 30);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let cdn: FakeCdn | null = null;
afterEach(async () => {
  await cdn?.close();
  cdn = null;
});

/** The media_url (and poster) each ad of a 1,000-ad demo run stores, with links on `base`. */
function runMedia(base: string, searchTerms = '') {
  const ads = buildDemoCatalogue(sourceQuery({ searchTerms, limit: 1000 }), NOW, { mediaBase: base }).slice(
    0,
    1000,
  );
  return ads.map((ad) => creativeMediaOf(itemShapeOf(ad as JsonObject)));
}

async function get(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe('the fake CDN', () => {
  it('answers the demo links with the demo files and counts the requests', async () => {
    cdn = await startFakeCdn({ now: () => NOW });
    const media = runMedia(cdn.url, 'dog harness');
    const image = media.find((m) => m.media_url.includes('.jpg'))!.media_url;
    const video = media.find((m) => new URL(m.media_url).pathname.endsWith('.mp4'))!;
    const file = new URL(image).pathname;
    const first = await get(image);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/jpeg');
    expect(
      first.body.equals(await renderDemoMedia(demoMediaSources().get(file.slice(DEMO_MEDIA_PREFIX.length))!)),
    ).toBe(true);
    expect((await get(image)).body.equals(first.body)).toBe(true);
    expect(cdn.requestsFor(file)).toBe(2);
    const clip = await get(video.media_url);
    expect([clip.status, clip.type, magicType(clip.body)]).toEqual([200, 'video/mp4', 'mp4']);
    expect((await get(video.media_poster_url)).status).toBe(200);
    expect((await get(`${cdn.url}${DEMO_MEDIA_PREFIX}no-such-product-a.jpg?oe=FFFFFFFF`)).status).toBe(404);
    expect((await get(`${cdn.url}/api/health`)).status).toBe(404);
    expect(cdn.requestCount()).toBe(6);
  });

  it('refuses a link past its oe, and every link after expireAll, as Facebook does', async () => {
    let now = NOW;
    cdn = await startFakeCdn({ now: () => now });
    const url = runMedia(cdn.url)[0]!.media_url;
    expect((await get(url)).status).toBe(200);
    // the demo's links expire DEMO_MEDIA_LINK_TTL_S after the run
    now = NOW + 4 * DAY_MS;
    const late = await get(url);
    expect([late.status, late.body.toString()]).toEqual([403, SIGNATURE_EXPIRED]);
    now = NOW;
    expect((await get(url)).status).toBe(200);
    cdn.expireAll();
    const expired = await get(url);
    expect([expired.status, expired.body.toString()]).toEqual([403, SIGNATURE_EXPIRED]);
  });

  it('with perAd, gives each ad of a 1,000-ad run its own file, the same on every fetch', async () => {
    cdn = await startFakeCdn({ perAd: true, now: () => NOW });
    const media = runMedia(cdn.url);
    const links = media.flatMap((m) => [m.media_url, m.media_poster_url]).filter(Boolean);
    // every ad's link is its own: ≥ 1,000 distinct files for the archive to fetch
    expect(new Set(media.map((m) => m.media_url)).size).toBe(1000);
    // the same product file, two ads: two files
    const byFile = new Map<string, string[]>();
    for (const link of links) {
      const path = new URL(link).pathname;
      byFile.set(path, [...(byFile.get(path) ?? []), link]);
    }
    const [path, [one, two]] = [...byFile].find(([p, l]) => l.length >= 2 && !p.endsWith('.mp4')) as [
      string,
      string[],
    ];
    await cdn.prepare([one!, two!]);
    const [a, b, again] = await Promise.all([get(one!), get(two!), get(one!)]);
    expect(sha(a.body)).not.toBe(sha(b.body));
    expect(again.body.equals(a.body)).toBe(true);
    expect(a.body.equals(await cdn.bytesFor(one!))).toBe(true);
    expect(magicType(a.body)).toBe(path.slice(path.lastIndexOf('.') + 1));
    expect(cdn.requestsFor(path)).toBe(3);
  });

  it('waits latencyMs before each answer', async () => {
    cdn = await startFakeCdn({ latencyMs: 150, now: () => NOW });
    const url = runMedia(cdn.url)[0]!.media_url;
    await cdn.prepare([url]);
    const started = performance.now();
    expect((await get(url)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
