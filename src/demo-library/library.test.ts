import { describe, expect, it } from 'vitest';
import type { SourceQuery } from '../domain/ads/source-query.ts';
import { DAY_MS } from '../domain/text/format.ts';
import { isDemoMediaPath } from '../domain/text/url.ts';
import { buildDemoCatalogue, DEMO_WINDOW_DAYS } from './library.ts';
import { sourceQuery } from '../../tests/fixtures/source-query.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw items are untyped JSON */
type Raw = Record<string, any>;
const catalogue = (q: SourceQuery, now: number) => buildDemoCatalogue(q, now) as Raw[];

const NOW = Date.UTC(2026, 10, 22, 14, 30);

/** The ids of the ads a run of `q` gets: the first q.limit of the catalogue. */
const ids = (q: SourceQuery, now = NOW): string[] =>
  catalogue(q, now)
    .slice(0, q.limit)
    .map((ad) => ad.ad_archive_id as string);

const hostOf = (url: string) => /^https:\/\/([^/?#]+)/.exec(url)?.[1] ?? '';

describe('demo Library', () => {
  it('is deterministic: the same query returns the same ads, another query other ads', () => {
    const first = ids(sourceQuery());
    expect(first).toHaveLength(100);
    expect(ids(sourceQuery())).toEqual(first);
    // Keyword case, spacing and quotes do not change the seed; country and terms do.
    expect(ids(sourceQuery({ searchTerms: '  Dog   HARNESS ' }))).toEqual(first);
    const german = ids(sourceQuery({ country: 'DE' }));
    const cats = ids(sourceQuery({ searchTerms: 'cat toy' }));
    expect(german.filter((id) => first.includes(id))).toEqual([]);
    expect(cats.filter((id) => first.includes(id))).toEqual([]);
  });

  it('keeps ad ids and start dates on the next day (a rolling window, like the real library)', () => {
    const today = catalogue(sourceQuery(), NOW);
    const tomorrow = catalogue(sourceQuery(), NOW + DAY_MS);
    const startById = new Map(today.map((ad) => [ad.ad_archive_id, ad.start_date]));
    const kept = tomorrow.filter((ad) => startById.has(ad.ad_archive_id));
    expect(kept.length / today.length).toBeGreaterThan(0.97);
    for (const ad of kept) expect(ad.start_date).toBe(startById.get(ad.ad_archive_id));
  });

  it('holds 1000 distinct ads for one query, with repeated creatives through collation', () => {
    for (const activeStatus of ['all', 'active'] as const) {
      const items = catalogue(sourceQuery({ limit: 1000, activeStatus }), NOW).slice(0, 1000);
      expect(items).toHaveLength(1000);
      expect(new Set(items.map((ad) => ad.ad_archive_id)).size).toBe(1000);
      const byCollation = new Map<string, Raw[]>();
      for (const ad of items)
        byCollation.set(ad.collation_id, [...(byCollation.get(ad.collation_id) ?? []), ad]);
      const shared = [...byCollation.values()].filter((group) => group.length > 1);
      expect(shared.length).toBeGreaterThan(50);
      // Only the lead ad of a group carries collation_count, and it counts the whole group.
      for (const group of shared) {
        const leads = group.filter((ad) => ad.collation_count !== null);
        expect(leads.length).toBeLessThanOrEqual(1);
        if (leads[0]) expect(leads[0].collation_count).toBeGreaterThanOrEqual(group.length);
      }
      if (activeStatus === 'active') expect(items.every((ad) => ad.is_active === true)).toBe(true);
      else expect(items.some((ad) => ad.is_active === false)).toBe(true);
    }
  });

  it('emits the curious_coder item shape with realistic, example-domain values', () => {
    const items = catalogue(sourceQuery(), NOW);
    const window = { min: ((Math.floor(NOW / DAY_MS) - DEMO_WINDOW_DAYS) * DAY_MS) / 1000, max: NOW / 1000 };
    for (const ad of items) {
      expect(ad.ad_archive_id).toMatch(/^[1-9]\d{15}$/);
      expect(ad.page_id).toMatch(/^\d{15}$/);
      expect(typeof ad.page_name).toBe('string');
      expect(ad.start_date).toBeGreaterThanOrEqual(window.min);
      expect(ad.start_date).toBeLessThanOrEqual(window.max);
      expect(ad.end_date).toBeGreaterThanOrEqual(ad.start_date);
      expect(ad.publisher_platform.length).toBeGreaterThan(0);
      expect(ad.url).toBe(sourceQuery().libraryUrl);
      expect(ad.total).toBe(items.length);
      const s = ad.snapshot;
      expect(typeof s.body.text).toBe('string');
      expect(s.cta_type).toMatch(/^[A-Z_]+$/);
      expect(s.page_like_count).toBeGreaterThan(0);
      expect(s.page_profile_uri).toBe(`https://www.facebook.com/${ad.page_id}/`);
      expect(hostOf(s.link_url)).toMatch(/\.example$/);
      expect(s.caption).toBe(hostOf(s.link_url));
      for (const card of s.cards) expect(hostOf(card.link_url)).toMatch(/\.example$/);
      // the app's own product images (media.test.ts checks that each one exists)
      const media = [
        ...s.images.map((i: Raw) => i.original_image_url),
        ...s.videos.map((v: Raw) => v.video_preview_image_url),
        ...s.cards.map((c: Raw) => c.original_image_url),
      ];
      expect(media.length).toBeGreaterThan(0);
      for (const url of media) expect(isDemoMediaPath(url), url).toBe(true);
      // a few products have a short video (media.ts, DEMO_VIDEO_PRODUCTS); the others only a poster
      for (const video of s.videos) {
        expect(video.video_sd_url).toBeNull();
        if (video.video_hd_url !== null)
          expect(
            isDemoMediaPath(video.video_hd_url) && video.video_hd_url.endsWith('.mp4'),
            video.video_hd_url,
          ).toBe(true);
      }
    }
    const days = new Set(items.map((ad) => Math.floor((ad.start_date * 1000) / DAY_MS)));
    expect(days.size).toBeGreaterThan(DEMO_WINDOW_DAYS - 5);
    const formats = new Set(items.map((ad) => ad.snapshot.display_format));
    expect([...formats].sort()).toEqual(['CAROUSEL', 'DCO', 'DPA', 'IMAGE', 'MULTI_IMAGES', 'VIDEO']);
    expect(new Set(items.map((ad) => ad.snapshot.cta_type)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(items.map((ad) => ad.page_id)).size).toBeGreaterThan(5);
    // Every ad of a keyword search mentions the keyword.
    for (const ad of items.filter((a) => !a.snapshot.body.text.includes('{{'))) {
      expect(ad.snapshot.body.text.toLowerCase()).toMatch(/dog harness|#dogharness/);
    }
  });

  it('has DPA/DCO items with template text on top and the real text in cards[0], and carousels', () => {
    const items = catalogue(sourceQuery(), NOW);
    const templated = items.filter((ad) => ['DPA', 'DCO'].includes(ad.snapshot.display_format));
    expect(templated.length).toBeGreaterThan(50);
    for (const ad of templated) {
      expect(ad.snapshot.title).toBe('{{product.name}}');
      expect(ad.snapshot.body.text).toBe('{{product.brand}}');
      expect(ad.snapshot.link_description).toBe('{{product.description}}');
      const card = ad.snapshot.cards[0];
      expect(card.title).not.toMatch(/\{\{/);
      expect(card.body).not.toMatch(/\{\{/);
      expect(card.body.length).toBeGreaterThan(20);
      expect(hostOf(card.link_url)).toMatch(/\.example$/);
    }
    const carousels = items.filter((ad) => ad.snapshot.display_format === 'CAROUSEL');
    expect(carousels.length).toBeGreaterThan(50);
    for (const ad of carousels) expect(ad.snapshot.cards.length).toBeGreaterThanOrEqual(3);
  });

  it('adds EU transparency only for EU countries, UK transparency only for the UK', () => {
    for (const country of ['US', 'CA', 'AU', 'NO']) {
      for (const ad of catalogue(sourceQuery({ country }), NOW)) {
        expect(ad.transparency_by_location).toBeUndefined();
        expect(ad.aaa_info).toBeUndefined();
      }
    }
    for (const ad of catalogue(sourceQuery({ country: 'DE' }), NOW)) {
      const eu = ad.transparency_by_location.eu_transparency;
      expect(ad.transparency_by_location.uk_transparency).toBeNull();
      expect(eu.eu_total_reach).toBeGreaterThan(0);
      expect(['All', 'Women', 'Men']).toContain(eu.gender_audience);
      expect(eu.age_audience.min).toBeGreaterThanOrEqual(18);
      const [breakdown] = eu.age_country_gender_reach_breakdown;
      expect(breakdown.country).toBe('DE');
      expect(breakdown.age_gender_breakdowns[0]).toEqual(
        expect.objectContaining({
          age_range: expect.stringMatching(/^\d\d-\d\d$|^65\+$/),
          male: expect.any(Number),
          female: expect.any(Number),
        }),
      );
    }
    for (const ad of catalogue(sourceQuery({ country: 'GB' }), NOW)) {
      expect(ad.transparency_by_location.eu_transparency).toBeNull();
      expect(ad.transparency_by_location.uk_transparency.total_reach).toBeGreaterThan(0);
    }
  });

  it("applies the link's filters: media type, platforms, start dates, page ids", () => {
    const videos = catalogue(sourceQuery({ mediaType: 'video' }), NOW);
    expect(videos.length).toBeGreaterThan(500);
    expect(videos.every((ad) => ad.snapshot.display_format === 'VIDEO')).toBe(true);
    const images = catalogue(sourceQuery({ mediaType: 'image' }), NOW);
    expect(images.some((ad) => ad.snapshot.display_format === 'VIDEO')).toBe(false);

    const insta = catalogue(sourceQuery({ platforms: ['instagram'] }), NOW);
    expect(insta.every((ad) => ad.publisher_platform.includes('INSTAGRAM'))).toBe(true);

    const recent = catalogue(sourceQuery({ startDateMin: '2026-11-01', startDateMax: '2026-11-10' }), NOW);
    expect(recent.length).toBeGreaterThan(50);
    for (const ad of recent) {
      const day = new Date(ad.start_date * 1000).toISOString().slice(0, 10);
      expect(day >= '2026-11-01' && day <= '2026-11-10').toBe(true);
    }

    const byPage = catalogue(
      sourceQuery({ searchType: 'page', searchTerms: '', pageIds: ['15087023444', '106303752098912'] }),
      NOW,
    );
    expect(byPage.length).toBeGreaterThan(100);
    expect(new Set(byPage.map((ad) => ad.page_id))).toEqual(new Set(['15087023444', '106303752098912']));
  });
});

describe('demo catalogue for searches it has no product for', () => {
  const unmatched = (over: Partial<SourceQuery> = {}) =>
    catalogue(sourceQuery({ searchTerms: 'zorbix quuxle', ...over }), NOW);
  const titles = (items: Raw[]) => items.map((ad) => String(ad.snapshot.title ?? ''));

  it('sells the keyword itself, also on a searched Page', () => {
    expect(titles(unmatched()).some((title) => title.includes('Zorbix Quuxle'))).toBe(true);
    const onPage = unmatched({ pageIds: ['106303752098912'] });
    expect(new Set(onPage.map((ad) => ad.page_id))).toEqual(new Set(['106303752098912']));
    expect(titles(onPage).some((title) => title.includes('Zorbix Quuxle'))).toBe(true);
  });

  it('never doubles a prefix, a suffix or an article in its copy ("The Original The Original Lampe™")', () => {
    for (const searchTerms of ['lampe', 'the original lampe', 'premium lamp pro', 'ice roller', 'led mask']) {
      const items = catalogue(sourceQuery({ searchTerms, limit: 1000 }), NOW);
      const texts = items.flatMap((ad) => [
        String(ad.snapshot.title ?? ''),
        String(ad.snapshot.body.text ?? ''),
        ...ad.snapshot.cards.flatMap((card: Raw) => [String(card.title ?? ''), String(card.body ?? '')]),
      ]);
      expect(texts.length).toBeGreaterThan(100);
      // one expect for all texts: tens of thousands of expect() calls took seconds
      const doubled = [
        /\b(the original|premium) \1\b/i,
        /\b(pro|set|2\.0) \1\b/i,
        /\bthe the\b/i,
        /\ba (?:[aeiou]|led\b)/i,
      ];
      expect(
        texts.filter((text) => doubled.some((pattern) => pattern.test(text))),
        searchTerms,
      ).toEqual([]);
      if (searchTerms === 'lampe') {
        expect(texts).toContain('The Original Lampe™');
        expect(texts.some((text) => text.includes('Meet The Original Lampe:'))).toBe(true);
      }
    }
  });

  it('finds nothing for ads without media: every demo ad has an image or a video', () => {
    expect(catalogue(sourceQuery({ mediaType: 'none' }), NOW)).toEqual([]);
  });
});
