import { describe, expect, it } from 'vitest';
import { DAY_MS, toPbDate } from '../text/format.ts';
import { computeAiInsights, headlineLines, type AiRow } from './ai-insights.ts';

const NOW = Date.UTC(2026, 10, 28, 12);
const daysAgo = (days: number) => toPbDate(NOW - days * DAY_MS);

let next = 0;
function row(part: Partial<AiRow> = {}): AiRow {
  next++;
  return {
    id: `r${next}`,
    ad_id: `a${next}`,
    store_name: `Store ${next}`,
    country: 'US',
    tags: [],
    days_running: 5,
    winning_score: 10,
    start_date: daysAgo(5),
    created: daysAgo(1),
    creative: '',
    ...part,
  };
}

describe('computeAiInsights', () => {
  it('counts each ad once, from its newest row, and its tags from its newest tagged row', () => {
    const rows = [
      row({ ad_id: 'x', tags: ['offer:price'], created: daysAgo(10) }),
      row({ ad_id: 'x', tags: ['offer:free_shipping'], created: daysAgo(3) }),
      // the newest sighting, stored before tagging: the tags come from the row before
      row({ ad_id: 'x', tags: null, created: daysAgo(1), days_running: 40 }),
      row({ ad_id: 'y', tags: ['offer:free_shipping', 'hook:urgency'] }),
    ];
    const insights = computeAiInsights(rows, [], NOW);
    expect(insights.ads).toBe(2);
    expect(insights.taggedAds).toBe(2);
    expect(insights.longRunningAds).toBe(1);
    expect(insights.tags.map((t) => [t.tag, t.ads])).toEqual([
      ['offer:free_shipping', 2],
      ['hook:urgency', 1],
    ]);
  });

  it('sets the share among long-running ads against the share overall', () => {
    const rows = [
      row({ tags: ['hook:social_proof'], days_running: 60 }),
      row({ tags: ['hook:social_proof'], days_running: 30 }),
      row({ tags: [], days_running: 45 }),
      row({ tags: ['hook:question'], days_running: 2 }),
    ];
    const proof = computeAiInsights(rows, [], NOW).tags.find((t) => t.tag === 'hook:social_proof')!;
    expect(proof.longShare).toBeCloseTo(2 / 3);
    expect(proof.share).toBeCloseTo(2 / 4);
    const question = computeAiInsights(rows, [], NOW).tags.find((t) => t.tag === 'hook:question')!;
    expect(question.longShare).toBe(0);
    expect(computeAiInsights([row({ tags: ['hook:question'] })], [], NOW).tags[0]!.longShare).toBeNull();
  });

  it('trends the last 14 days of starts against the 14 before, by start date else first seen', () => {
    const rows = [
      row({ tags: ['offer:bundle'], start_date: daysAgo(0) }),
      row({ tags: ['offer:bundle'], start_date: daysAgo(13) }),
      row({ tags: ['offer:bundle'], start_date: daysAgo(14) }),
      row({ tags: ['offer:bundle'], start_date: '', created: daysAgo(27) }),
      row({ tags: ['offer:bundle'], start_date: daysAgo(28) }),
    ];
    const bundle = computeAiInsights(rows, [], NOW).tags[0]!;
    expect([bundle.recent, bundle.previous, bundle.ads]).toEqual([2, 2, 5]);
  });

  it('leaves languages, CTA types and unknown tags out of the hooks and offers, and counts languages', () => {
    const rows = [
      row({ tags: ['lang:de', 'cta:shop_now', 'offer:price'] }),
      row({ tags: ['lang:de'] }),
      row({ tags: ['lang:fr'] }),
      row({ tags: null }),
    ];
    const insights = computeAiInsights(rows, [], NOW);
    expect(insights.tags.map((t) => t.tag)).toEqual(['offer:price']);
    expect(insights.languages).toEqual([
      { tag: 'lang:de', ads: 2, share: 0.5 },
      { tag: 'lang:fr', ads: 1, share: 0.25 },
    ]);
  });

  it('counts offers by country, the most common first', () => {
    const rows = [
      row({ country: 'de', tags: ['offer:percent_off', 'offer:free_shipping'] }),
      row({ country: 'DE', tags: ['offer:percent_off'] }),
      row({ country: 'DE', tags: ['hook:question'] }),
      row({ country: 'FR', tags: [] }),
    ];
    const { countries } = computeAiInsights(rows, [], NOW);
    expect(countries).toEqual([
      {
        country: 'DE',
        ads: 3,
        withOffer: 2,
        offers: [
          { tag: 'offer:percent_off', ads: 2 },
          { tag: 'offer:free_shipping', ads: 1 },
        ],
      },
      { country: 'FR', ads: 1, withOffer: 0, offers: [] },
    ]);
  });

  it('reads headlines on the creatives of the best-scoring quarter of ads only, once per ad', () => {
    const creatives = [
      { id: 'c1', text: '50% OFF today\nFree shipping\nfree shipping!' },
      { id: 'c2', text: 'FREE SHIPPING\n 50% off  TODAY ' },
      { id: 'c3', text: 'Free shipping\nLoser line' },
      { id: 'c4', text: 'Free shipping' },
    ];
    const rows = [
      row({ creative: 'c1', winning_score: 95, store_name: 'Lamp Co' }),
      row({ creative: 'c2', winning_score: 90 }),
      // below the best quarter (8 ads scoring: the best 2)
      row({ creative: 'c3', winning_score: 40 }),
      row({ creative: 'c4', winning_score: 30 }),
      ...Array.from({ length: 4 }, () => row({ winning_score: 20 })),
      row({ winning_score: 0 }),
    ];
    const insights = computeAiInsights(rows, creatives, NOW);
    expect(insights.winningAds).toBe(2);
    expect(insights.winningScoreFrom).toBe(90);
    expect(insights.winningAdsWithText).toBe(2);
    expect(insights.headlines.map((h) => [h.ads, h.line.toLowerCase()])).toEqual([
      [2, '50% off today'],
      [2, 'free shipping'],
    ]);
    expect(insights.headlines[0]!.examples[0]).toMatchObject({ store: 'Lamp Co' });
    expect(insights.headlines.some((h) => h.line === 'Loser line')).toBe(false);
  });

  it('is empty, not failing, with no rows', () => {
    expect(computeAiInsights([], [], NOW)).toMatchObject({ ads: 0, tags: [], headlines: [], winningAds: 0 });
  });
});

describe('headlineLines', () => {
  it('keeps lines with a letter, spaces collapsed, cut to a headline’s length', () => {
    expect(headlineLines('  Buy   1 get 1  \n\n12.99\n--\nOK\n' + 'x'.repeat(300))).toEqual([
      'Buy 1 get 1',
      'x'.repeat(120),
    ]);
  });
});
