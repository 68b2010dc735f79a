import { describe, expect, it } from 'vitest';
import apifyCamelCase from '../../../tests/fixtures/ad-library/apify-camel-case.json';
import curiousCoder from '../../../tests/fixtures/ad-library/curious-coder.json';
import graphPage from '../../../tests/fixtures/ad-library/graph-ads-archive.json';
import hostile from '../../../tests/fixtures/ad-library/hostile.json';
import { AD_TEXT_CAPS, RESULT_ROW_FIELDS } from '../ads/ad-fields.ts';
import { checkInput } from '../forms/forms.ts';
import { TAGS_MAX } from '../tags/vocabulary.ts';
import {
  finishRequestSchema,
  heartbeatRequestSchema,
  MAX_RESULT_ROWS_PER_REQUEST,
  resultRowSchema,
  resultsRequestSchema,
  type ResultRow,
} from './lease-contract.ts';
import { normalizeAd, type NormalizedAd } from '../ads/normalize/normalize-ad.ts';

const NOW = Date.UTC(2025, 3, 17);

/** A normalized row is a contract row as it is: the worker's rows need no re-cleaning. */
const normalizedIsARow = (ad: NormalizedAd): ResultRow => ad;

/** A small deterministic generator (mulberry32), so failures replay. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Raw items of every shape the sources send, with text far over the column limits. */
function rawItems(count: number): unknown[] {
  const next = random(13);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const text = () =>
    pick(['', 'Shop now', 'é😀'.repeat(Math.floor(next() * 12_000)), ' x\n\ny '.repeat(900)]);
  const link = () =>
    pick([
      '',
      'https://shop.example/p?a=1',
      `https://shop.example/${'p'.repeat(4100)}`,
      'javascript:alert(1)',
    ]);
  return Array.from({ length: count }, (_, i) => ({
    ad_archive_id: pick([String(1e14 + i), 1e14 + i, `id_${i}`]),
    is_active: pick([true, false, 'true']),
    page_id: pick(['', '123456789', 'x'.repeat(80)]),
    collation_count: pick([0, 3, '7', 'lots', -2]),
    start_date: pick([1_700_000_000, '2024-10-24', 'nope', null]),
    end_date: pick([1_710_000_000, null]),
    publisher_platform: pick([['facebook', 'instagram'], 'FACEBOOK', Array(80).fill('audience_network')]),
    snapshot: {
      title: text(),
      body: { text: text() },
      caption: text(),
      cta_text: text(),
      cta_type: pick(['SHOP_NOW', 'shop now', 'X'.repeat(150)]),
      link_url: link(),
      link_description: text(),
      page_name: text(),
      page_like_count: pick([0, 12_345, '99', 'NaN']),
      page_profile_uri: link(),
      page_categories: [{ name: text() }],
      display_format: pick(['VIDEO', 'IMAGE', 'DCO']),
      images: [{ original_image_url: link() }],
    },
    transparency_by_location: { eu_transparency: { eu_total_reach: pick([0, 1500, '1e400']) } },
  }));
}

describe('resultRowSchema: the one check of the write path', () => {
  const context = { keywords: 'dog toys, '.repeat(150), country: 'DE', now: NOW };
  const fixtures = [...curiousCoder, ...apifyCamelCase, ...graphPage.data, ...hostile];
  const rows = [...fixtures, ...rawItems(400)]
    .map((item) => normalizeAd(item, context))
    .flatMap((result) => (result.ok ? [normalizedIsARow(result.ad)] : []));

  it('passes every normalized row unchanged (the normalizer and the contract agree)', () => {
    expect(rows.length).toBeGreaterThan(400);
    for (const row of rows) expect(resultRowSchema.parse(row)).toEqual(row);
  });

  it('has exactly the fields of a normalized row', () => {
    expect(Object.keys(resultRowSchema.parse(rows[0])).sort()).toEqual(Object.keys(rows[0]!).sort());
    expect(RESULT_ROW_FIELDS.map((field) => field.key).sort()).toEqual(Object.keys(rows[0]!).sort());
  });

  it('cuts text at the column limits and empties unsafe links and bad values', () => {
    const row = resultRowSchema.parse({
      ad_id: '  42 ',
      title: 'T'.repeat(AD_TEXT_CAPS.title + 10),
      body: '<img src=x onerror=alert(1)>',
      page_id: 123,
      product_link: 'javascript:alert(1)',
      page_profile_url: 'https://www.facebook.com/123',
      media_url: { url: 'https://cdn.example/v.mp4' },
      reach: -5,
      page_likes: 'many',
      collation_count: '12.7',
      days_running: true,
      winning_score: 250,
      start_date: 'yesterday',
      end_date: '2026-11-01 00:00:00.000Z',
      unknown_column: 'dropped',
    });
    expect(row).toMatchObject({
      ad_id: '42',
      title: 'T'.repeat(AD_TEXT_CAPS.title),
      body: '<img src=x onerror=alert(1)>',
      page_id: '123',
      product_link: '',
      page_profile_url: 'https://www.facebook.com/123',
      media_url: '',
      reach: 0,
      page_likes: 0,
      collation_count: 12,
      days_running: 1,
      winning_score: 100,
      start_date: '',
      end_date: '2026-11-01 00:00:00.000Z',
      country: '',
    });
    expect(row).not.toHaveProperty('unknown_column');
  });

  it('keeps a known-flag only when sent as true or when its count is above 0', () => {
    const flags = (input: Record<string, unknown>) => {
      const row = resultRowSchema.parse({ ad_id: '1', ...input });
      return [row.reach, row.reach_known, row.collation_count, row.collation_known];
    };
    // a known 0, sent so
    expect(flags({ reach: 0, reach_known: true, collation_count: 0, collation_known: true })).toEqual([
      0,
      true,
      0,
      true,
    ]);
    // unknown: stored as 0 with the flag false, whatever else says "yes"
    expect(flags({ reach_known: 'true', collation_known: 1 })).toEqual([0, false, 0, false]);
    expect(flags({ reach: -3, reach_known: false })).toEqual([0, false, 0, false]);
    // a worker from before the flags: a count above 0 is one the source gave
    expect(flags({ reach: 1500, collation_count: 4 })).toEqual([1500, true, 4, true]);
    expect(flags({ reach: 1500, reach_known: false })).toEqual([1500, true, 0, false]);
  });

  it('keeps media links that are http(s) or a demo image path, and empties every other one', () => {
    const media = (value: string) =>
      resultRowSchema.parse({ ad_id: '1', media_url: value, media_poster_url: value, product_link: value });
    expect(media('https://cdn.example/v.mp4')).toMatchObject({
      media_url: 'https://cdn.example/v.mp4',
      media_poster_url: 'https://cdn.example/v.mp4',
      product_link: 'https://cdn.example/v.mp4',
    });
    // the demo catalogue's own images: media only, never a link column
    expect(media('/demo-media/portable-blender.svg')).toMatchObject({
      media_url: '/demo-media/portable-blender.svg',
      media_poster_url: '/demo-media/portable-blender.svg',
      product_link: '',
    });
    for (const unsafe of [
      '/api/collections/users/records',
      '/demo-media/../api/health',
      '//evil.example/x.png',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
    ]) {
      expect(media(unsafe), unsafe).toMatchObject({ media_url: '', media_poster_url: '' });
    }
    expect(resultRowSchema.parse({ ad_id: '1', card_count: '4' }).card_count).toBe(4);
    expect(resultRowSchema.parse({ ad_id: '1', card_count: -3 }).card_count).toBe(0);
  });

  it('never cuts text inside a surrogate pair', () => {
    const row = resultRowSchema.parse({ ad_id: '1', cta_text: `${'a'.repeat(AD_TEXT_CAPS.cta_text - 1)}😀` });
    expect(row.cta_text).toBe('a'.repeat(AD_TEXT_CAPS.cta_text - 1));
  });

  it.each([
    ['no ad id', { title: 'no id' }],
    ['an empty ad id', { ad_id: '  ' }],
    ['an ad id longer than its column', { ad_id: '1'.repeat(AD_TEXT_CAPS.ad_id + 1) }],
    ['an ad id that is not text', { ad_id: { id: '1' } }],
    ['null', null],
    ['a list', [1, 2]],
    ['text', 'not a row'],
  ])('rejects a row with %s', (_label, raw) => {
    expect(resultRowSchema.safeParse(raw).success).toBe(false);
  });

  it('takes a numeric ad id as its digits', () => {
    expect(resultRowSchema.parse({ ad_id: 912345678901234 }).ad_id).toBe('912345678901234');
  });
});

describe('the lease requests', () => {
  const message = (schema: Parameters<typeof checkInput>[0], body: unknown) => {
    const result = checkInput(schema, body);
    return result.ok ? null : result.message;
  };

  it('need a worker name of 1–100 characters, checked first', () => {
    const refusal = 'worker (1–100 characters) is required.';
    expect(message(heartbeatRequestSchema, {})).toBe(refusal);
    expect(message(heartbeatRequestSchema, { worker: '   ' })).toBe(refusal);
    expect(message(heartbeatRequestSchema, { worker: 'w'.repeat(101) })).toBe(refusal);
    expect(message(resultsRequestSchema, { worker: 7, rows: 'x' })).toBe(refusal);
    expect(message(finishRequestSchema, { status: 'done' })).toBe(refusal);
    expect(checkInput(heartbeatRequestSchema, { worker: ' w1 ', progress: 3 })).toEqual({
      ok: true,
      data: { worker: 'w1', progress: 3 },
    });
  });

  it('results: rows must be a list of at most 1000', () => {
    expect(message(resultsRequestSchema, { worker: 'w' })).toBe('rows must be a list.');
    expect(message(resultsRequestSchema, { worker: 'w', rows: { 0: {} } })).toBe('rows must be a list.');
    const rows = Array.from({ length: MAX_RESULT_ROWS_PER_REQUEST + 1 }, (_, i) => ({ ad_id: String(i) }));
    expect(message(resultsRequestSchema, { worker: 'w', rows })).toBe('At most 1000 rows per request.');
    expect(message(resultsRequestSchema, { worker: 'w', rows: rows.slice(1) })).toBeNull();
  });

  it('results: every row comes out checked by the row schema, a row without an ad id as null', () => {
    const raw = [{ ad_id: ' 7 ', title: 'x'.repeat(AD_TEXT_CAPS.title + 5) }, { title: 'no id' }, 'nope'];
    const checked = resultsRequestSchema.parse({ worker: 'w', rows: raw });
    expect(checked.rows).toEqual([resultRowSchema.parse(raw[0]), null, null]);
    expect(checked.rows[0]?.title).toHaveLength(AD_TEXT_CAPS.title);
  });

  it("results: a row's tags are a list of at most TAGS_MAX tags of the vocabulary, else a 400 naming the row", () => {
    const row = (tags: unknown) => ({ ad_id: '1', tags });
    expect(
      message(resultsRequestSchema, { worker: 'w', rows: [row(['offer:price']), row('offer:price')] }),
    ).toBe('rows[1].tags must be a list of tags.');
    expect(message(resultsRequestSchema, { worker: 'w', rows: [row(['offer:cheap'])] })).toBe(
      'rows[0].tags holds "offer:cheap", which is not a tag.',
    );
    expect(message(resultsRequestSchema, { worker: 'w', rows: [row([7])] })).toBe(
      'rows[0].tags holds 7, which is not a tag.',
    );
    expect(message(resultsRequestSchema, { worker: 'w', rows: [row(['lang:xx'])] })).toBe(
      'rows[0].tags holds "lang:xx", which is not a tag.',
    );
    const many = Array.from({ length: TAGS_MAX + 1 }, (_, i) => `cta:type_${i}`);
    expect(message(resultsRequestSchema, { worker: 'w', rows: [row(many)] })).toBe(
      `rows[0].tags must hold at most ${TAGS_MAX} tags.`,
    );
    expect(message(resultsRequestSchema, { worker: 'w', rows: [row(many.slice(1))] })).toBeNull();
  });

  it("results: good tags come out each once in the vocabulary's order; a row without tags has none", () => {
    const checked = resultsRequestSchema.parse({
      worker: 'w',
      rows: [
        { ad_id: '1', tags: ['cta:shop_now', 'lang:de', 'offer:price', 'offer:price'] },
        { ad_id: '2', tags: [] },
        { ad_id: '3' },
      ],
    });
    expect(checked.rows[0]?.tags).toEqual(['offer:price', 'lang:de', 'cta:shop_now']);
    expect(checked.rows[1]?.tags).toEqual([]);
    expect(checked.rows[2]).not.toHaveProperty('tags');
  });

  it('heartbeat and results: an optional library_total, a whole number of 0 or more', () => {
    const refusal = 'library_total must be a whole number.';
    expect(message(heartbeatRequestSchema, { worker: 'w', library_total: -1 })).toBe(refusal);
    expect(message(heartbeatRequestSchema, { worker: 'w', library_total: 2.5 })).toBe(refusal);
    expect(message(resultsRequestSchema, { worker: 'w', rows: [], library_total: '12' })).toBe(refusal);
    expect(checkInput(heartbeatRequestSchema, { worker: 'w', library_total: 4100 })).toEqual({
      ok: true,
      data: { worker: 'w', library_total: 4100 },
    });
    expect(resultsRequestSchema.parse({ worker: 'w', rows: [] })).toEqual({ worker: 'w', rows: [] });
  });

  it('finish: completed or failed, with an optional message', () => {
    expect(message(finishRequestSchema, { worker: 'w', status: 'working' })).toBe(
      'status must be completed or failed.',
    );
    expect(message(finishRequestSchema, { worker: 'w' })).toBe('status must be completed or failed.');
    expect(message(finishRequestSchema, { worker: 'w', status: 'failed', error: 42 })).toBe(
      'error must be text.',
    );
    expect(message(finishRequestSchema, { worker: 'w', status: 'failed', error: 'Source down' })).toBeNull();
  });
});
