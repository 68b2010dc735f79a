import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
// The raw samples live in tests/fixtures so that the worker tests and the CLI replay the same items.
import apifyCamelCase from '../../../../tests/fixtures/ad-library/apify-camel-case.json';
import curiousCoder from '../../../../tests/fixtures/ad-library/curious-coder.json';
import graphPage2019 from '../../../../tests/fixtures/ad-library/graph-ads-archive-2019.json';
import graphPage from '../../../../tests/fixtures/ad-library/graph-ads-archive.json';
import hostile from '../../../../tests/fixtures/ad-library/hostile.json';
import { AD_FIELDS, DERIVED_AD_FIELDS, searchResultSchema } from '../../records/entities.ts';
import { isHttpUrl } from '../../text/url.ts';
import { AD_TEXT_CAPS, normalizeAd, type NormalizeContext, type NormalizedAd } from './normalize-ad.ts';

/** The day after the scrape of the samples (their active ads were last seen 2025-04-16). */
const NOW = Date.UTC(2025, 3, 17);
const CONTEXT: NormalizeContext = { keywords: 'fajas, bodyshaper', country: 'US', now: NOW };

function byId(items: unknown[]): Map<string, NormalizedAd> {
  const ads = new Map<string, NormalizedAd>();
  for (const item of items) {
    const result = normalizeAd(item, CONTEXT);
    if (result.ok) ads.set(result.ad.ad_id, result.ad);
  }
  return ads;
}

const GRAPH_ITEMS: unknown[] = [...graphPage.data, ...graphPage2019.data];
const ALL_ITEMS: unknown[] = [...curiousCoder, ...apifyCamelCase, ...GRAPH_ITEMS, ...hostile];
const ROW_KEYS = [
  ...AD_FIELDS.map((f) => f.key),
  'collation_count',
  'days_running',
  'media_url',
  'media_poster_url',
  'card_count',
  'winning_score',
  'reach_known',
  'collation_known',
];
const PB_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('normalizeAd: fixture table', () => {
  const ads = byId(ALL_ITEMS);

  it.each<[string, string, Partial<NormalizedAd>]>([
    [
      'collation sibling linking to Amazon through l.facebook.com',
      '1187203345629918',
      {
        collation_count: 0,
        store_name: 'Curvy-faja',
        product_link: 'https://www.amazon.com/dp/B0C1234567?ref=fb',
        platforms: 'FACEBOOK, INSTAGRAM',
        format: 'IMAGE',
        days_running: 27,
        end_date: '',
        media_url: 'https://scontent.xx.fbcdn.net/v/t39.35426-6/480112233_n.jpg?oe=6816D5E6',
        media_poster_url: '',
        card_count: 0,
      },
    ],
    [
      'inactive carousel: text from the first card',
      '903355718821467',
      {
        active_status: 'INACTIVE',
        format: 'CAROUSEL',
        title: 'Linen Lamp — Sand',
        body: '3 colours. One price. Free shipping this weekend only.',
        caption: 'lumacasa.shop',
        cta_text: 'Shop Now',
        cta_type: 'SHOP_NOW',
        link_description: 'Free shipping over $50',
        product_link: 'https://lumacasa.shop/products/linen-lamp?variant=sand&utm_source=facebook',
        store_name: 'lumacasa.shop',
        category: 'Home decor, Shopping & retail',
        start_date: '2025-01-05 08:00:00.000Z',
        end_date: '2025-03-02 08:00:00.000Z',
        days_running: 56,
        collation_count: 1,
        // the first card's image, and how many cards there are
        media_url: 'https://scontent.xx.fbcdn.net/v/t39.35426-6/471000001_n.jpg?oe=6816E7F8',
        media_poster_url: '',
        card_count: 3,
      },
    ],
    [
      'DCO catalogue ad in Germany with EU transparency',
      '1342268390512347',
      {
        format: 'DCO',
        title: 'Orthopädischer Haltungskorrektor',
        body: 'Gerader Rücken in 14 Tagen – unsichtbar unter der Kleidung.',
        caption: 'postura-pro.com',
        link_description: 'Atmungsaktiv, verstellbar, 30 Tage Rückgabe',
        product_link: 'https://postura-pro.com/products/haltungskorrektor?variant=4412',
        store_name: 'postura-pro.com',
        cta_text: 'Shop now',
        reach: 184233,
        age_ranges: '18-65',
        gender_audience: 'All',
        collation_count: 12,
        days_running: 136,
      },
    ],
    [
      'EU transparency under aaa_info, lower-case platforms',
      '748190224577301',
      {
        reach: 5120,
        age_ranges: '25-54',
        gender_audience: 'Women',
        platforms: 'FACEBOOK, INSTAGRAM, THREADS',
        store_name: 'nordlys-sleep.se',
        days_running: 6,
      },
    ],
    [
      'UK transparency under ad_details, formatted dates only, inferred format',
      '620011457739984',
      {
        active_status: 'INACTIVE',
        reach: 930,
        age_ranges: '18-44',
        gender_audience: 'Men',
        start_date: '2025-02-11 08:00:00.000Z',
        end_date: '2025-03-20 07:00:00.000Z',
        days_running: 36,
        format: 'VIDEO',
        store_name: 'tidypaws.co.uk',
        cta_type: 'SHOP_NOW',
        category: 'Pet supplies',
        page_likes: 1204,
        page_profile_url: 'https://www.facebook.com/104410987654321',
        media_url: 'https://video.xx.fbcdn.net/v/t42.1790-2/490000001_sd.mp4?oe=68171111',
        // a video without a preview image has no poster
        media_poster_url: '',
      },
    ],
    [
      'apify/facebook-ads-scraper camelCase',
      '1023384455667788',
      {
        active_status: 'ACTIVE',
        collation_count: 4,
        page_id: '109988776655443',
        platforms: 'FACEBOOK, INSTAGRAM, MESSENGER',
        start_date: '2025-02-11 08:00:00.000Z',
        end_date: '',
        days_running: 64,
        cta_text: 'Shop now',
        cta_type: 'SHOP_NOW',
        format: 'VIDEO',
        title: 'GlowSkin LED Mask',
        link_description: 'Free shipping & 60-day returns',
        product_link: 'https://glowskinlabs.com/products/led-mask?utm_source=fb&utm_campaign=spring',
        category: 'Beauty, cosmetic & personal care',
        page_likes: 87345,
        page_profile_url: 'https://www.facebook.com/glowskinlabs/',
        media_url: 'https://video.xx.fbcdn.net/v/t42.1790-2/491111111_hd.mp4?oe=68172222',
        media_poster_url: 'https://scontent.xx.fbcdn.net/v/t15.5256-10/491111111_n.jpg?oe=68172222',
      },
    ],
    [
      '2023 camelCase build with body.markup.__html',
      '286611904455123',
      {
        active_status: 'INACTIVE',
        body: 'Summer is here! ☀️\nGet 30% off & free shipping <today only>\n\nUse code SUN30',
        start_date: '2023-06-01 07:00:00.000Z',
        end_date: '2023-08-20 07:00:00.000Z',
        days_running: 80,
        collation_count: 7,
        store_name: 'sunnybeach.co',
        media_url: 'https://scontent.xx.fbcdn.net/v/t39.35426-6/352000001_n.jpg?oe=64F00000',
      },
    ],
    [
      'Graph ads_archive, running (no stop time)',
      '1093827465510293',
      {
        active_status: 'ACTIVE',
        title: 'Gemüseschneider 12-in-1',
        body: 'Der Gemüseschneider, der alles kann. Jetzt 40 % günstiger.',
        caption: 'www.hausfreude-shop.de',
        store_name: 'hausfreude-shop.de',
        link_description: 'Versandkostenfrei ab 30 €',
        platforms: 'FACEBOOK, INSTAGRAM, AUDIENCE_NETWORK',
        start_date: '2025-01-15 00:00:00.000Z',
        end_date: '',
        days_running: 92,
        reach: 48213,
        age_ranges: '18-65',
        gender_audience: 'Women',
        page_profile_url: 'https://www.facebook.com/100477812290334',
        product_link: '',
        cta_text: '',
        category: '',
        format: '',
        page_likes: 0,
      },
    ],
    [
      'Graph ads_archive, stopped: ages from the breakdown',
      '874411203398765',
      {
        active_status: 'INACTIVE',
        store_name: 'Hausfreude',
        end_date: '2024-12-24 00:00:00.000Z',
        days_running: 51,
        reach: 120550,
        age_ranges: '35-44, 65+',
        gender_audience: '',
      },
    ],
    [
      'Graph ads_archive, stop time after now: still running',
      '551092837465001',
      { active_status: 'ACTIVE', start_date: '2025-04-01 09:30:00.000Z', end_date: '', days_running: 15 },
    ],
    [
      'an item with nothing but its id',
      '455120987712001',
      {
        active_status: '',
        store_name: '',
        platforms: '',
        start_date: '',
        page_profile_url: '',
        ad_library_url: 'https://www.facebook.com/ads/library/?id=455120987712001',
        winning_score: 0,
      },
    ],
    [
      'Graph API v3 (2019): the id only in ad_snapshot_url, the texts in the singular',
      '2187654321098765',
      {
        ad_library_url: 'https://www.facebook.com/ads/library/?id=2187654321098765',
        active_status: 'INACTIVE',
        start_date: '2019-03-02 00:00:00.000Z',
        end_date: '2019-03-30 00:00:00.000Z',
        days_running: 28,
        title: 'Hochbeet aus Lärchenholz',
        body: 'Unsere Frühjahrskollektion ist da. Jetzt 20 % auf alle Hochbeete sparen.',
        caption: 'www.gartenzeit-shop.de',
        link_description: 'Versandkostenfrei ab 40 €',
        store_name: 'gartenzeit-shop.de',
        page_id: '1523456789012345',
        page_profile_url: 'https://www.facebook.com/1523456789012345',
        product_link: '',
      },
    ],
    [
      'Graph API v3 (2019): the id after the access token',
      '2290011223344556',
      { active_status: 'INACTIVE', days_running: 41, title: 'Gewächshaus-Set', store_name: 'Gartenzeit' },
    ],
  ])('%s', (_label, id, expected) => {
    expect(ads.get(id)).toMatchObject(expected);
  });

  it('never stores the tokenised ad_snapshot_url of the Graph API, nor its token', () => {
    for (const item of GRAPH_ITEMS) {
      const result = normalizeAd(item, CONTEXT);
      expect(result.ok).toBe(true);
      const stored = JSON.stringify(result);
      for (const leak of ['access_token', 'EAAB-not-a-real-token', 'render_ad']) {
        expect(stored).not.toContain(leak);
      }
    }
  });
});

describe('normalizeAd: every fixture row is a valid search_results row', () => {
  const rows = ALL_ITEMS.map((item) => normalizeAd(item, CONTEXT)).flatMap((r) => (r.ok ? [r.ad] : []));
  // search_results without what the server adds (ids, owner, run, is_new, timestamps, the archived creative)
  const rowSchema = z.omit(searchResultSchema, {
    id: true,
    creative: true,
    created: true,
    updated: true,
    run: true,
    user: true,
    is_new: true,
  });

  it('normalizes the 16 items that have an id (a field, or a 2019 record’s snapshot link)', () => {
    expect(rows).toHaveLength(16);
  });

  it.each(rows.map((row) => [row.ad_id, row] as const))('%s', (_id, row) => {
    expect(Object.keys(row)).toEqual(ROW_KEYS);
    expect(z.strictObject(rowSchema.shape).safeParse(row).success).toBe(true);
    expect(DERIVED_AD_FIELDS.every((f) => typeof row[f.key] === 'number')).toBe(true);
    for (const field of AD_FIELDS) {
      const value = row[field.key];
      if (field.kind === 'number') expect(Number.isInteger(value) && (value as number) >= 0).toBe(true);
      if (field.kind === 'date') expect(value === '' || PB_DATE.test(value as string)).toBe(true);
      if (field.kind === 'url') expect(value === '' || isHttpUrl(value as string)).toBe(true);
      if (typeof value === 'string' && field.key in AD_TEXT_CAPS) {
        expect(value.length).toBeLessThanOrEqual(AD_TEXT_CAPS[field.key as keyof typeof AD_TEXT_CAPS]);
      }
    }
    expect(row.winning_score).toBeGreaterThanOrEqual(0);
    expect(row.winning_score).toBeLessThanOrEqual(100);
    expect(row.media_url === '' || isHttpUrl(row.media_url)).toBe(true);
    expect(row.media_poster_url === '' || isHttpUrl(row.media_poster_url)).toBe(true);
    expect(Number.isInteger(row.card_count) && row.card_count >= 0).toBe(true);
  });
});

describe('normalizeAd: unknown is not zero (reach_known, collation_known)', () => {
  const ads = byId(ALL_ITEMS);

  it.each<[string, string, boolean, boolean]>([
    ['US video, lead of a group of 3: no reach given', '557749506622153', false, true],
    ['a collation sibling (collation_count null)', '1187203345629918', false, false],
    ['EU details block with eu_total_reach', '1342268390512347', true, true],
    ['eu_total_reach under aaa_info', '748190224577301', true, true],
    ['UK transparency total_reach', '620011457739984', true, false],
    ['camelCase collationCount, no transparency', '1023384455667788', false, true],
    ['Graph ads_archive eu_total_reach, no collation count', '1093827465510293', true, false],
    ['hostile: collation_count "lots", eu_total_reach "1e400"', '912345678901234', false, false],
    ['hostile: a collation_count only under __proto__', '777000111222333', false, false],
  ])('%s', (_case, id, reachKnown, collationKnown) => {
    const ad = ads.get(id)!;
    expect({ reach_known: ad.reach_known, collation_known: ad.collation_known }).toEqual({
      reach_known: reachKnown,
      collation_known: collationKnown,
    });
  });

  it('a count above 0 is always known, and an unknown count is stored as 0', () => {
    for (const ad of ads.values()) {
      if (ad.reach > 0) expect(ad.reach_known).toBe(true);
      if (ad.collation_count > 0) expect(ad.collation_known).toBe(true);
      if (!ad.reach_known) expect(ad.reach).toBe(0);
      if (!ad.collation_known) expect(ad.collation_count).toBe(0);
    }
  });

  it('a reach or collation count of 0 that the source gave is a known 0', () => {
    const base = curiousCoder[0] as Record<string, unknown>;
    const given = normalizeAd(
      { ...base, collation_count: 0, transparency_by_location: { eu_transparency: { eu_total_reach: 0 } } },
      CONTEXT,
    );
    expect(given.ok && given.ad).toMatchObject({
      reach: 0,
      reach_known: true,
      collation_count: 0,
      collation_known: true,
    });
    const byLocation = normalizeAd(
      {
        ...base,
        total_reach_by_location: [
          { location: 'EU', reach: 0 },
          { location: 'UK', value: '1,200' },
        ],
      },
      CONTEXT,
    );
    expect(byLocation.ok && byLocation.ad).toMatchObject({ reach: 1200, reach_known: true });
  });
});
