import { afterEach, describe, expect, it, vi } from 'vitest';
// The raw samples live in tests/fixtures so that the worker tests replay the same items.
import apifyCamelCase from '../../tests/fixtures/ad-library/apify-camel-case.json';
import curiousCoder from '../../tests/fixtures/ad-library/curious-coder.json';
import graphPage from '../../tests/fixtures/ad-library/graph-ads-archive.json';
import hostile from '../../tests/fixtures/ad-library/hostile.json';
import { AD_FIELDS, DERIVED_AD_FIELDS, searchResultSchema } from './entities.ts';
import {
  AD_TEXT_CAPS,
  normalizeAd,
  SKIP_REASONS,
  toPbDate,
  type NormalizeContext,
  type NormalizedAd,
} from './normalize-ad.ts';
import { isHttpUrl } from './url.ts';

/** The day after the scrape of the samples (their active ads were last seen 2025-04-16). */
const NOW = Date.UTC(2025, 3, 17);
const CONTEXT: NormalizeContext = { keywords: 'fajas, bodyshaper', country: 'US', now: NOW };

function normalized(raw: unknown, context: NormalizeContext = CONTEXT): NormalizedAd {
  const result = normalizeAd(raw, context);
  if (!result.ok) throw new Error(`skipped: ${result.reason}`);
  return result.ad;
}

function byId(items: unknown[]): Map<string, NormalizedAd> {
  const ads = new Map<string, NormalizedAd>();
  for (const item of items) {
    const result = normalizeAd(item, CONTEXT);
    if (result.ok) ads.set(result.ad.ad_id, result.ad);
  }
  return ads;
}

const ALL_ITEMS: unknown[] = [...curiousCoder, ...apifyCamelCase, ...graphPage.data, ...hostile];
const ROW_KEYS = [
  ...AD_FIELDS.map((f) => f.key),
  'collation_count',
  'days_running',
  'media_url',
  'media_poster_url',
  'card_count',
  'winning_score',
];
const PB_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('normalizeAd: the reference sample (curious_coder, US, video)', () => {
  it('maps every field', () => {
    expect(normalized(curiousCoder[0])).toEqual({
      active_status: 'ACTIVE',
      keywords: 'fajas, bodyshaper',
      country: 'US',
      reach: 0,
      store_name: 'curvy-faja.com',
      title: '',
      ad_id: '557749506622153',
      category: 'Clothing (Brand)',
      format: 'VIDEO',
      page_likes: 315801,
      start_date: '2024-10-24 07:00:00.000Z',
      // active: its end_date (2025-04-16) is the day it was last seen, not an end
      end_date: '',
      platforms: 'FACEBOOK, INSTAGRAM, AUDIENCE_NETWORK, MESSENGER',
      page_profile_url: 'https://www.facebook.com/100083049946365/',
      ad_library_url: 'https://www.facebook.com/ads/library/?id=557749506622153',
      product_link: 'https://curvy-faja.com/products/women-fajas-bodyshaper-2033-22092041-1',
      caption: 'curvy-faja.com',
      cta_text: 'Shop now',
      body: "Then don't miss our clearance sale! Up to 60% off every faja, only this week.",
      cta_type: 'SHOP_NOW',
      link_description: '',
      age_ranges: '',
      page_id: '106303752098912',
      gender_audience: '',
      collation_count: 3,
      days_running: 174,
      media_url: 'https://video.xx.fbcdn.net/v/t42.1790-2/465001234_hd.mp4?_nc_cat=104&oe=6816C3D4',
      media_poster_url: 'https://scontent.xx.fbcdn.net/v/t15.5256-10/465001234_n.jpg?oe=6816C3D4',
      card_count: 0,
      winning_score: 82.1,
    });
  });
});

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
  ])('%s', (_label, id, expected) => {
    expect(ads.get(id)).toMatchObject(expected);
  });

  it('never stores the tokenised ad_snapshot_url of the Graph API', () => {
    for (const item of graphPage.data) expect(JSON.stringify(normalized(item))).not.toContain('access_token');
  });
});

describe('normalizeAd: every fixture row is a valid search_results row', () => {
  const rows = ALL_ITEMS.map((item) => normalizeAd(item, CONTEXT)).flatMap((r) => (r.ok ? [r.ad] : []));
  // search_results without what the server adds (ids, owner, run, is_new, timestamps)
  const rowSchema = searchResultSchema.omit({
    id: true,
    created: true,
    updated: true,
    run: true,
    user: true,
    is_new: true,
  });

  it('normalizes the 14 items that have an id', () => {
    expect(rows).toHaveLength(14);
  });

  it.each(rows.map((row) => [row.ad_id, row] as const))('%s', (_id, row) => {
    expect(Object.keys(row)).toEqual(ROW_KEYS);
    expect(rowSchema.strict().safeParse(row).success).toBe(true);
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

describe('normalizeAd: the creative’s media', () => {
  const item = (snapshot: Record<string, unknown>) => normalized({ ad_archive_id: '42', snapshot });

  it('takes a video with its own preview image as the poster', () => {
    expect(
      item({
        images: [{ original_image_url: 'https://cdn.example/still.jpg' }],
        videos: [
          {
            video_sd_url: 'https://cdn.example/v_sd.mp4',
            video_preview_image_url: 'https://cdn.example/v_preview.jpg',
          },
        ],
      }),
    ).toMatchObject({
      media_url: 'https://cdn.example/v_sd.mp4',
      media_poster_url: 'https://cdn.example/v_preview.jpg',
      card_count: 0,
    });
  });

  it('takes a carousel’s first card, and counts the cards (or a multi-image ad’s images)', () => {
    const cards = [1, 2, 3, 4].map((n) => ({
      title: `Card ${n}`,
      original_image_url: `https://cdn.example/${n}.jpg`,
    }));
    expect(item({ display_format: 'CAROUSEL', cards })).toMatchObject({
      format: 'CAROUSEL',
      media_url: 'https://cdn.example/1.jpg',
      media_poster_url: '',
      card_count: 4,
    });
    const images = [1, 2].map((n) => ({ original_image_url: `https://cdn.example/${n}.jpg` }));
    expect(item({ display_format: 'MULTI_IMAGES', images })).toMatchObject({
      media_url: 'https://cdn.example/1.jpg',
      card_count: 2,
    });
  });

  it('keeps a preview image as the media of a video ad whose video link is missing, without a poster', () => {
    expect(
      item({
        display_format: 'VIDEO',
        videos: [{ video_preview_image_url: '/demo-media/portable-blender.svg' }],
      }),
    ).toMatchObject({ media_url: '/demo-media/portable-blender.svg', media_poster_url: '', card_count: 0 });
  });

  it('accepts the demo catalogue’s own image paths, and no other root-relative or unsafe link', () => {
    expect(item({ images: [{ original_image_url: '/demo-media/ab-roller-wheel.svg' }] }).media_url).toBe(
      '/demo-media/ab-roller-wheel.svg',
    );
    for (const unsafe of ['/api/collections/users/records', '//evil.example/x.jpg', '/demo-media/../x.svg']) {
      expect(item({ images: [{ original_image_url: unsafe }] }).media_url, unsafe).toBe('');
      const video = item({
        videos: [{ video_hd_url: 'https://cdn.example/v.mp4', video_preview_image_url: unsafe }],
      });
      expect(video.media_poster_url, unsafe).toBe('');
    }
    // the demo paths are media only: never a product or profile link
    expect(item({ link_url: '/demo-media/ab-roller-wheel.svg' }).product_link).toBe('');
  });
});

describe('normalizeAd: hostile items', () => {
  it('keeps hostile text as plain text and drops every non-http(s) URL', () => {
    const ad = normalized(hostile[0]);
    expect(ad).toMatchObject({
      ad_id: '912345678901234',
      active_status: 'ACTIVE',
      title: "<script>alert('xss')</script>",
      body: '=HYPERLINK("http://evil.example","Click me") and\nmore',
      caption: '+SUM(1,2)',
      cta_text: "@cmd|' /C calc'!A0",
      link_description: '-2+3',
      store_name: 'Evil <b>Store</b>',
      product_link: '',
      page_profile_url: '',
      media_url: '',
      media_poster_url: '',
      page_id: '',
      cta_type: '',
      platforms: 'FACEBOOK, INSTAGRAM',
      category: 'Shopping & retail',
      page_likes: 0,
      collation_count: 0,
      reach: 0,
      age_ranges: '',
      gender_audience: '',
      start_date: '',
      end_date: '',
      days_running: 0,
    });
  });

  it('reads only own properties: __proto__ and constructor keys are data', () => {
    const ad = normalized(hostile[1]);
    expect(ad).toMatchObject({
      active_status: '',
      collation_count: 0,
      title: 'Prototype keys are plain data',
    });
  });

  it('returns a reason instead of throwing for items that cannot be rows', () => {
    expect(hostile.slice(2).map((item) => normalizeAd(item, CONTEXT))).toEqual([
      { ok: false, reason: SKIP_REASONS.missingAdId }, // {}
      { ok: false, reason: SKIP_REASONS.missingAdId }, // ad_archive_id ''
      { ok: false, reason: SKIP_REASONS.invalidAdId }, // spaces and SQL
      { ok: false, reason: SKIP_REASONS.invalidAdId }, // 1e20: not an exact integer
      { ok: false, reason: SKIP_REASONS.missingAdId }, // only ad_id, which is not the Library ID
      { ok: false, reason: SKIP_REASONS.notAnObject },
      { ok: false, reason: SKIP_REASONS.notAnObject },
      { ok: false, reason: SKIP_REASONS.notAnObject },
    ]);
    expect(normalizeAd(undefined, CONTEXT)).toEqual({ ok: false, reason: SKIP_REASONS.notAnObject });
  });

  it('refuses an id longer than its column instead of cutting it', () => {
    expect(normalizeAd({ ad_archive_id: '1'.repeat(65) }, CONTEXT)).toEqual({
      ok: false,
      reason: SKIP_REASONS.invalidAdId,
    });
    expect(normalized({ ad_archive_id: '1'.repeat(64) }).ad_id).toHaveLength(64);
  });

  it('caps long text without splitting characters, and drops over-long URLs', () => {
    const ad = normalized({
      ad_archive_id: '1',
      snapshot: {
        body: { text: '😀'.repeat(15_000) },
        title: `  ${'T'.repeat(5000)}  `,
        link_url: `https://shop.example/${'p'.repeat(AD_TEXT_CAPS.product_link)}`,
      },
    });
    expect(ad.body.length).toBe(AD_TEXT_CAPS.body);
    expect(ad.body.endsWith('😀')).toBe(true);
    expect(ad.title).toBe('T'.repeat(AD_TEXT_CAPS.title));
    expect(ad.product_link).toBe('');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    'https://exa mple.com/',
  ])('drops the URL %j from every URL column', (url) => {
    const ad = normalized({
      ad_archive_id: '1',
      snapshot: {
        link_url: url,
        page_profile_uri: url,
        images: [{ original_image_url: url, resized_image_url: url }],
        cards: [{ link_url: url }],
      },
    });
    expect([ad.product_link, ad.page_profile_url, ad.media_url]).toEqual(['', '', '']);
  });
});

describe('normalizeAd: DPA/DCO templates', () => {
  it('takes text from the first card when a top-level value is a template', () => {
    const ad = normalized({
      ad_archive_id: '1',
      snapshot: {
        title: 'Get {{product.name}} now',
        body: { text: '{{product.brand}}' },
        link_description: '{{product.description}}',
        cta_text: '{{product.cta}}',
        cards: [
          {
            title: 'Card title',
            body: { text: 'Card body' },
            link_description: 'Card description',
            cta_text: 'Buy',
          },
          { title: 'Second card' },
        ],
      },
    });
    expect([ad.title, ad.body, ad.link_description, ad.cta_text]).toEqual([
      'Card title',
      'Card body',
      'Card description',
      'Buy',
    ]);
  });

  it('keeps a template with words when no card has better text, and drops a bare placeholder', () => {
    const ad = normalized({
      ad_archive_id: '1',
      snapshot: {
        title: 'Shop {{product.brand}} today',
        body: { text: '{{product.brand}}' },
        cards: [{ title: '{{product.name}}', body: ' {{product.description}} ' }],
      },
    });
    expect([ad.title, ad.body]).toEqual(['Shop {{product.brand}} today', '']);
  });

  it('replaces a templated product link with the first card link', () => {
    const ad = normalized({
      ad_archive_id: '1',
      snapshot: {
        link_url: 'https://shop.example/products/{{product.handle}}',
        cards: [{ link_url: 'https://shop.example/products/real-one' }],
      },
    });
    expect(ad.product_link).toBe('https://shop.example/products/real-one');
    expect(ad.store_name).toBe('shop.example');
  });
});

describe('normalizeAd: fields one by one', () => {
  it.each<[string, unknown, string]>([
    ['videos', { videos: [{ video_sd_url: 'https://v.example/a.mp4' }] }, 'VIDEO'],
    ['two cards', { cards: [{}, {}] }, 'CAROUSEL'],
    ['images', { images: [{ original_image_url: 'https://i.example/a.jpg' }] }, 'IMAGE'],
    ['one video card', { cards: [{ video_hd_url: 'https://v.example/a.mp4' }] }, 'VIDEO'],
    ['one image card', { cards: [{ resized_image_url: 'https://i.example/a.jpg' }] }, 'IMAGE'],
    ['nothing', {}, ''],
    ['a named format wins', { display_format: 'multi_images', videos: [{}] }, 'MULTI_IMAGES'],
  ])('format from %s', (_label, snapshot, format) => {
    expect(normalized({ ad_archive_id: '1', snapshot }).format).toBe(format);
  });

  it.each<[unknown, string]>([
    [1729753200, '2024-10-24 07:00:00.000Z'],
    [1729753200123, '2024-10-24 07:00:00.123Z'],
    ['1729753200', '2024-10-24 07:00:00.000Z'],
    ['2024-10-24', '2024-10-24 00:00:00.000Z'],
    ['2024-10-24 07:00:00', '2024-10-24 07:00:00.000Z'],
    ['2024-10-24T07:00:00.000Z', '2024-10-24 07:00:00.000Z'],
    ['2024-10-24T09:00:00+0200', '2024-10-24 07:00:00.000Z'],
    ['2024-10-24T02:00:00-05:00', '2024-10-24 07:00:00.000Z'],
    ['2025-02-30', ''],
    ['2024-13-01', ''],
    ['24/10/2024', ''],
    [0, ''],
    [-1, ''],
    [Number.NaN, ''],
    [1e20, ''],
    [true, ''],
    [{}, ''],
  ])('start date %j → %j', (value, expected) => {
    expect(normalized({ ad_archive_id: '1', start_date: value }).start_date).toBe(expected);
  });

  it('falls back to the formatted date when the Unix one is unreadable', () => {
    const ad = normalized({
      ad_archive_id: '1',
      start_date: 'n/a',
      start_date_formatted: '2025-03-20 07:00:00',
    });
    expect(ad.start_date).toBe('2025-03-20 07:00:00.000Z');
  });

  it('counts days running to `now` for active ads and to the end for stopped ones', () => {
    const start = Date.UTC(2025, 0, 1) / 1000;
    const end = Date.UTC(2025, 0, 31, 12) / 1000;
    const active = normalized({ ad_archive_id: '1', is_active: true, start_date: start, end_date: end });
    expect([active.days_running, active.end_date]).toEqual([106, '']);
    const stopped = normalized({ ad_archive_id: '1', is_active: false, start_date: start, end_date: end });
    expect([stopped.days_running, stopped.end_date]).toEqual([30, '2025-01-31 12:00:00.000Z']);
    const fromActiveTime = normalized({ ad_archive_id: '1', is_active: false, total_active_time: 864000 });
    expect(fromActiveTime.days_running).toBe(10);
    const future = normalized({ ad_archive_id: '1', is_active: true, start_date: NOW / 1000 + 86400 });
    expect(future.days_running).toBe(0);
  });

  it('reads the status from is_active, a status text, or the Graph stop time', () => {
    expect(normalized({ ad_archive_id: '1', isActive: 'false' }).active_status).toBe('INACTIVE');
    expect(normalized({ ad_archive_id: '1', active_status: 'active' }).active_status).toBe('ACTIVE');
    expect(normalized({ id: '1', ad_delivery_stop_time: null }).active_status).toBe('ACTIVE');
    expect(normalized({ id: '1', ad_delivery_stop_time: '2025-04-16' }).active_status).toBe('INACTIVE');
    expect(normalized({ ad_archive_id: '1', end_date: 1744786800 }).active_status).toBe('');
  });

  it.each<[string, Record<string, unknown>, Partial<NormalizedAd>]>([
    [
      'transparency_by_location.eu_transparency',
      {
        transparency_by_location: {
          eu_transparency: { eu_total_reach: 13, gender_audience: 'All', age_audience: { min: 18, max: 65 } },
        },
      },
      { reach: 13, gender_audience: 'All', age_ranges: '18-65' },
    ],
    [
      'aaa_info',
      { aaa_info: { eu_total_reach: 200, gender_audience: 'female', age_audience: { min: 21 } } },
      { reach: 200, gender_audience: 'Women', age_ranges: '21+' },
    ],
    [
      'ad_details.aaa_info',
      { ad_details: { aaa_info: { eu_total_reach: 300, gender_audience: 'MEN' } } },
      { reach: 300, gender_audience: 'Men' },
    ],
    [
      'camelCase transparency',
      { transparencyByLocation: { euTransparency: { euTotalReach: 400, genderAudience: 'All' } } },
      { reach: 400, gender_audience: 'All' },
    ],
    [
      'EU and UK together',
      {
        transparency_by_location: {
          eu_transparency: { eu_total_reach: 1000 },
          uk_transparency: { uk_total_reach: 250 },
        },
      },
      { reach: 1250 },
    ],
    [
      'the Graph per-location totals',
      {
        total_reach_by_location: [
          { location: 'EU', reach: 700 },
          { location: 'UK', reach: 50 },
        ],
      },
      { reach: 750 },
    ],
    [
      'the first path that has a value',
      {
        transparency_by_location: { eu_transparency: { eu_total_reach: null, gender_audience: null } },
        aaa_info: { eu_total_reach: 42, gender_audience: 'Women' },
      },
      { reach: 42, gender_audience: 'Women' },
    ],
    [
      'no transparency at all (non-EU)',
      { reach_estimate: 5000 },
      { reach: 0, age_ranges: '', gender_audience: '' },
    ],
  ])('EU/UK transparency from %s', (_label, extra, expected) => {
    expect(normalized({ ad_archive_id: '1', ...extra })).toMatchObject(expected);
  });

  it.each<[unknown, string]>([
    [['instagram', 'FACEBOOK', 'facebook'], 'FACEBOOK, INSTAGRAM'],
    ['messenger, audience network', 'AUDIENCE_NETWORK, MESSENGER'],
    [['WHATSAPP', 'ZEBRA', 'ALPHA', 'THREADS'], 'THREADS, WHATSAPP, ALPHA, ZEBRA'],
    [[null, 3, '<b>', ''], ''],
  ])('platforms %j → %j', (value, expected) => {
    expect(normalized({ ad_archive_id: '1', publisher_platform: value }).platforms).toBe(expected);
  });

  it('drops whole platform names, never part of one, to fit the column', () => {
    const letter = (n: number) => String.fromCharCode(65 + n);
    const names = Array.from(
      { length: 40 },
      (_, i) => `PLATFORM_${letter(i % 26)}${letter(Math.floor(i / 26))}`,
    );
    const platforms = normalized({ ad_archive_id: '1', publisher_platform: names }).platforms;
    expect(platforms.length).toBeLessThanOrEqual(AD_TEXT_CAPS.platforms);
    expect(platforms.length).toBeGreaterThan(AD_TEXT_CAPS.platforms - 15);
    expect(platforms.split(', ').every((name) => names.includes(name))).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['the caption domain, without www', { caption: 'WWW.Shop-Example.COM' }, 'shop-example.com'],
    [
      'the link domain when the caption is not one',
      { caption: 'Free shipping', link_url: 'https://store.example.co.uk/p' },
      'store.example.co.uk',
    ],
    [
      'the Page name for a marketplace',
      { caption: 'amazon.de', link_url: 'https://www.amazon.de/dp/1' },
      'Page Name',
    ],
    ['the Page name for a shortener', { link_url: 'https://bit.ly/3xYz' }, 'Page Name'],
    ['the Page name for an Etsy subdomain', { link_url: 'https://shop.etsy.com/listing/1' }, 'Page Name'],
    ['the Page name when nothing else', {}, 'Page Name'],
  ])('store name from %s', (_label, snapshot, expected) => {
    expect(normalized({ ad_archive_id: '1', page_name: 'Page Name', snapshot }).store_name).toBe(expected);
  });

  it.each<[unknown, number]>([
    [315801, 315801],
    ['1,204', 1204],
    [12.9, 12],
    [-3, 0],
    ['NaN', 0],
    ['12abc', 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [{ count: 5 }, 0],
  ])('page likes %j → %d', (value, expected) => {
    expect(normalized({ ad_archive_id: '1', snapshot: { page_like_count: value } }).page_likes).toBe(
      expected,
    );
  });

  it('takes keywords and country from the run, never from the ad', () => {
    const ad = normalized(
      { ad_archive_id: '1', country: 'FR', keywords: 'from the ad', targeted_or_reached_countries: ['FR'] },
      { keywords: ' posture,\nback brace ', country: 'de', now: NOW },
    );
    expect([ad.keywords, ad.country]).toEqual(['posture, back brace', 'DE']);
  });

  it('builds the Page profile and Ad Library links from the ids', () => {
    const ad = normalized({ adArchiveID: 42, pageID: 7, url: 'https://www.facebook.com/ads/library/?q=x' });
    expect([ad.ad_id, ad.page_id, ad.page_profile_url, ad.ad_library_url]).toEqual([
      '42',
      '7',
      'https://www.facebook.com/7',
      'https://www.facebook.com/ads/library/?id=42',
    ]);
  });

  it('ignores the top-level categories, which are not the Page category', () => {
    expect(normalized({ ad_archive_id: '1', categories: ['UNKNOWN'] }).category).toBe('');
  });
});

describe('normalizeAd is pure', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the same row whatever the clock says, and accepts now as a Date', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const first = normalized(curiousCoder[0]);
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    const second = normalized(curiousCoder[0]);
    expect(second).toEqual(first);
    expect(normalized(curiousCoder[0], { ...CONTEXT, now: new Date(NOW) })).toEqual(first);
  });

  it('does not change the raw item', () => {
    const raw = structuredClone(curiousCoder[3]);
    normalized(raw);
    expect(raw).toEqual(curiousCoder[3]);
  });
});

describe('toPbDate', () => {
  it('formats epoch ms as PocketBase stores dates', () => {
    expect(toPbDate(Date.UTC(2026, 10, 22, 10, 0, 0))).toBe('2026-11-22 10:00:00.000Z');
  });
});

describe('normalizeAd: less common shapes', () => {
  it('decodes decimal and hex entities of legacy markup, and keeps one that names no character', () => {
    const ad = normalized({
      ad_archive_id: '1',
      snapshot: { body: { markup: { __html: 'Caf&#233; &#x41;B &#0; &copy;<br>next' } } },
    });
    expect(ad.body).toBe('Café AB &#0; &copy;\nnext');
  });

  it('unwraps l.facebook.com links only when they carry an http(s) u= target', () => {
    const link = (url: string) =>
      normalized({ ad_archive_id: '1', snapshot: { link_url: url } }).product_link;
    expect(link('https://l.facebook.com/l.php?u=https%3A%2F%2Fshop.example%2Fp&h=x')).toBe(
      'https://shop.example/p',
    );
    expect(link('https://l.facebook.com/l.php?h=x')).toBe('https://l.facebook.com/l.php?h=x');
    expect(link('https://l.facebook.com/l.php?u=javascript%3Aalert(1)')).toBe(
      'https://l.facebook.com/l.php?u=javascript%3Aalert(1)',
    );
    expect(link('https://l.facebook.com/l.php?u=%E0%A4%A')).toBe('https://l.facebook.com/l.php?u=%E0%A4%A');
  });

  it('reads 1 and 0 as booleans, "inactive" as a status, and dates in ms given as text', () => {
    expect(normalized({ ad_archive_id: '1', is_active: 1 }).active_status).toBe('ACTIVE');
    expect(normalized({ ad_archive_id: '1', is_active: 0 }).active_status).toBe('INACTIVE');
    expect(normalized({ ad_archive_id: '1', is_active: 'FALSE ' }).active_status).toBe('INACTIVE');
    expect(normalized({ ad_archive_id: '1', ad_active_status: 'INACTIVE' }).active_status).toBe('INACTIVE');
    expect(normalized({ ad_archive_id: '1', start_date: '1729753200123' }).start_date).toBe(
      '2024-10-24 07:00:00.123Z',
    );
  });

  it('keeps a gender it does not know as text, and reads age ranges from the reach breakdown', () => {
    const breakdown = [
      { age_gender_breakdowns: ['65+', '18-24', 'n/a'].map((age_range) => ({ age_range })) },
    ];
    const aaa_info = { gender_audience: 'Unknown', age_country_gender_reach_breakdown: breakdown };
    expect(normalized({ ad_archive_id: '1', aaa_info })).toMatchObject({
      gender_audience: 'Unknown',
      age_ranges: '18-24, 65+',
    });
  });

  it('refuses an id of blanks as missing', () => {
    expect(normalizeAd({ ad_archive_id: '   ' }, CONTEXT)).toEqual({
      ok: false,
      reason: SKIP_REASONS.missingAdId,
    });
  });

  it('still finds renamed fields after thousands of distinct keys', () => {
    const junk = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`junk_key_${i}`, i]));
    expect(normalized({ ...junk, adArchiveID: '77', pageName: 'Shop' }).store_name).toBe('Shop');
  });
});
