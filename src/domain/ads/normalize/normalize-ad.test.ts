import { afterEach, describe, expect, it, vi } from 'vitest';
import curiousCoder from '../../../../tests/fixtures/ad-library/curious-coder.json';
import hostile from '../../../../tests/fixtures/ad-library/hostile.json';
import { normalizeAd, SKIP_REASONS, type NormalizeContext, type NormalizedAd } from './normalize-ad.ts';

/** The day after the scrape of the samples (their active ads were last seen 2025-04-16). */
const NOW = Date.UTC(2025, 3, 17);
const CONTEXT: NormalizeContext = { keywords: 'fajas, bodyshaper', country: 'US', now: NOW };

function normalized(raw: unknown, context: NormalizeContext = CONTEXT): NormalizedAd {
  const result = normalizeAd(raw, context);
  if (!result.ok) throw new Error(`skipped: ${result.reason}`);
  return result.ad;
}

describe('normalizeAd: a curious_coder sample (US, video)', () => {
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
      // a US ad: the Library gave no reach, which is not a reach of 0
      reach_known: false,
      collation_known: true,
    });
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

describe('normalizeAd: Graph API v3 records (2019), which have no id field', () => {
  const record = {
    ad_creative_body: 'Spring is here',
    ad_delivery_start_time: '2019-03-02T00:00:00+0000',
    ad_snapshot_url: 'https://www.facebook.com/ads/archive/render_ad/?id=123&access_token=EAAB-secret',
    page_id: '456',
  };

  it('become rows with the id of their ad_snapshot_url', () => {
    const ad = normalized(record);
    expect(ad).toMatchObject({
      ad_id: '123',
      ad_library_url: 'https://www.facebook.com/ads/library/?id=123',
      body: 'Spring is here',
      page_profile_url: 'https://www.facebook.com/456',
    });
  });

  it('never store the access token, nor the snapshot link that carries it', () => {
    const stored = JSON.stringify(normalized(record));
    for (const leak of ['access_token', 'EAAB-secret', 'render_ad']) expect(stored).not.toContain(leak);
  });

  it('are still skipped when the snapshot link names no id', () => {
    const withoutId = {
      ...record,
      ad_snapshot_url: 'https://www.facebook.com/ads/archive/render_ad/?access_token=x',
    };
    expect(normalizeAd(withoutId, CONTEXT)).toEqual({ ok: false, reason: SKIP_REASONS.missingAdId });
  });
});

describe('normalizeAd: what comes from the run and from the ids', () => {
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
