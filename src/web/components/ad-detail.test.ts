import { describe, expect, it } from 'vitest';
import { UNKNOWN_VALUE } from '../../domain/text/format.ts';
import type { ArchivedCreative } from '../../domain/records/entities.ts';
import {
  adCopy,
  adFacts,
  adHeading,
  adLinks,
  adSignals,
  adTagLabels,
  CREATIVE_TEXT_STATEMENTS,
  creativeTextView,
  type AdDetailRow,
} from './ad-detail.ts';

const AD: AdDetailRow = {
  ad_id: '557749506622153',
  store_name: 'curvy-faja.com',
  page_id: '106303752098912',
  country: 'DE',
  platforms: 'FACEBOOK, INSTAGRAM',
  start_date: '2024-10-24 07:00:00.000Z',
  end_date: '',
  active_status: 'ACTIVE',
  format: 'VIDEO',
  category: 'Clothing (Brand)',
  page_likes: 315801,
  reach: 0,
  age_ranges: '18-65',
  gender_audience: '',
  keywords: 'fajas',
  title: '',
  body: '<img src=x onerror=alert(1)>\nSecond line',
  link_description: '=HYPERLINK("http://evil.example","x")',
  caption: 'curvy-faja.com',
  cta_text: 'Shop now',
  cta_type: 'SHOP_NOW',
  days_running: 174,
  collation_count: 3,
  collation_known: true,
  reach_known: false,
  winning_score: 82.14,
  ad_library_url: 'https://www.facebook.com/ads/library/?id=557749506622153',
  page_profile_url: 'https://www.facebook.com/100083049946365/',
  product_link: 'javascript:alert(1)',
};

const value = (facts: { label: string; value: string }[], label: string) =>
  facts.find((fact) => fact.label === label)?.value;

describe('adHeading', () => {
  it('is the store, else the Page, else the ad id', () => {
    expect(adHeading(AD)).toBe('curvy-faja.com');
    expect(adHeading({ ...AD, store_name: '  ' })).toBe('Page 106303752098912');
    expect(adHeading({ ad_id: '42' })).toBe('Ad 42');
  });
});

describe('adCopy', () => {
  it('keeps the copy as text, in the ad’s order, without the empty parts', () => {
    expect(adCopy(AD)).toEqual([
      { label: 'Body', text: '<img src=x onerror=alert(1)>\nSecond line' },
      { label: 'Link description', text: '=HYPERLINK("http://evil.example","x")' },
      { label: 'Caption', text: 'curvy-faja.com' },
      { label: 'Call to action', text: 'Shop now (SHOP_NOW)' },
    ]);
    expect(adCopy({ cta_type: 'LEARN_MORE' })).toEqual([{ label: 'Call to action', text: 'LEARN_MORE' }]);
    expect(adCopy({})).toEqual([]);
  });
});

describe('adFacts', () => {
  it('shows store, page, country, platforms and dates; an active ad is still running', () => {
    const facts = adFacts(AD);
    expect(value(facts, 'Store')).toBe('curvy-faja.com');
    expect(value(facts, 'Page')).toBe('106303752098912');
    expect(value(facts, 'Country')).toBe('DE - Germany');
    expect(value(facts, 'Platforms')).toBe('FACEBOOK, INSTAGRAM');
    expect(value(facts, 'Start date')).toBe('2024-10-24');
    expect(value(facts, 'End date')).toBe('Still running');
    expect(value(facts, 'Page likes')).toBe('315,801');
    // no EU reach published, no gender: said so rather than left blank
    expect(value(facts, 'Reach (EU/UK)')).toBe(UNKNOWN_VALUE);
    expect(value(facts, 'Gender audience')).toBe(UNKNOWN_VALUE);
  });

  it('shows a reach only when the source gave it, a known 0 too', () => {
    expect(value(adFacts({ ...AD, reach: 18000, reach_known: true }), 'Reach (EU/UK)')).toBe('18,000');
    expect(value(adFacts({ ...AD, reach: 0, reach_known: true }), 'Reach (EU/UK)')).toBe('0');
    expect(value(adFacts({ ...AD, reach: 0, reach_known: false }), 'Reach (EU/UK)')).toBe(UNKNOWN_VALUE);
  });

  it('shows a stopped ad’s end date, and a dash for what a row lacks', () => {
    const facts = adFacts({ active_status: 'INACTIVE', end_date: '2025-03-02 08:00:00.000Z' });
    expect(value(facts, 'End date')).toBe('2025-03-02');
    expect(value(adFacts({}), 'End date')).toBe(UNKNOWN_VALUE);
    expect(adFacts({}).every((fact) => fact.value === UNKNOWN_VALUE)).toBe(true);
  });
});

describe('adSignals', () => {
  it('days running, variants and the winning score out of 100', () => {
    expect(adSignals(AD)).toEqual([
      { label: 'Days running', value: '174 days' },
      { label: 'Variants', value: '3' },
      { label: 'Winning score', value: '82.14 / 100' },
    ]);
    // a collation sibling: its lead ad carries the count
    expect(value(adSignals({ ...AD, collation_count: 0, collation_known: false }), 'Variants')).toBe(
      UNKNOWN_VALUE,
    );
    expect(adSignals({ days_running: 1 })).toEqual([
      { label: 'Days running', value: '1 day' },
      { label: 'Variants', value: UNKNOWN_VALUE },
      { label: 'Winning score', value: '0 / 100' },
    ]);
  });
});

describe('adLinks', () => {
  it('links out only to http(s) URLs', () => {
    expect(adLinks(AD)).toEqual([
      { label: 'Open in Ad Library', href: 'https://www.facebook.com/ads/library/?id=557749506622153' },
      { label: 'Page profile', href: 'https://www.facebook.com/100083049946365/' },
    ]);
    expect(
      adLinks({
        ad_library_url: 'data:text/html,<script>alert(1)</script>',
        page_profile_url: '/demo-media/x.svg',
        product_link: 'https://shop.example/p',
      }),
    ).toEqual([{ label: 'Product link', href: 'https://shop.example/p' }]);
  });
});

describe('the text on the creative and the tags', () => {
  const creative = (part: Partial<ArchivedCreative>) => ({ id: 'c1', ...part }) as ArchivedCreative;
  it('shows the text read with its confidence in words and numbers, and its language', () => {
    expect(
      creativeTextView(
        creative({
          text_status: 'read',
          text: ' 50% OFF\nFree shipping ',
          text_confidence: 91.6,
          text_language: 'de',
        }),
      ),
    ).toEqual({
      kind: 'read',
      text: '50% OFF\nFree shipping',
      confidence: 'High, 92 of 100',
      language: 'Deutsch',
    });
    expect(creativeTextView(creative({ text_status: 'read', text: 'x', text_confidence: 40 }))).toMatchObject(
      {
        confidence: 'Low, 40 of 100',
        language: '',
      },
    );
  });
  it('says plainly why there is no text', () => {
    const said = (archived: ArchivedCreative | undefined) => {
      const view = creativeTextView(archived);
      return view.kind === 'statement' ? [view.statement, view.busy] : view.kind;
    };
    expect(said(undefined)).toEqual([CREATIVE_TEXT_STATEMENTS.notArchived, false]);
    expect(said(creative({ text_status: 'pending' }))).toEqual(['Reading the text…', true]);
    expect(said(creative({ text_status: 'none' }))).toEqual([CREATIVE_TEXT_STATEMENTS.none, false]);
    expect(said(creative({ text_status: 'read', text: '  ' }))).toEqual([
      CREATIVE_TEXT_STATEMENTS.none,
      false,
    ]);
    expect(said(creative({ text_status: 'unreadable' }))).toEqual([
      CREATIVE_TEXT_STATEMENTS.unreadable,
      false,
    ]);
    expect(said(creative({}))).toEqual([CREATIVE_TEXT_STATEMENTS.notRead, false]);
  });
  it('labels the tags, and tells a row not tagged yet from one with none', () => {
    expect(adTagLabels({ tags: ['offer:bundle', 'cta:shop_now'] })).toEqual(['Bundle', 'CTA: Shop now']);
    expect(adTagLabels({ tags: [] })).toEqual([]);
    expect(adTagLabels({ tags: null })).toBeNull();
    expect(adTagLabels({})).toBeNull();
  });
});
