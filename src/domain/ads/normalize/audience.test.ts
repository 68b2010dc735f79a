import { describe, expect, it } from 'vitest';
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import { audienceOf, platformsOf, type Audience } from './audience.ts';
import { itemShapeOf } from './item-shapes.ts';

const audience = (item: Record<string, unknown>) => audienceOf(itemShapeOf(item));
const platforms = (value: unknown) => platformsOf(itemShapeOf({ publisher_platform: value }));

describe('audienceOf', () => {
  it.each<[string, Record<string, unknown>, Partial<Audience>]>([
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
      'the Graph target ages and gender at the top',
      { eu_total_reach: 48213, target_ages: ['18', '65+'], target_gender: 'Women' },
      { reach: 48213, age_ranges: '18-65', gender_audience: 'Women' },
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
  ])('EU/UK transparency from %s', (_label, item, expected) => {
    expect(audience(item)).toMatchObject(expected);
  });

  it('keeps a gender it does not know as text, and reads age ranges from the reach breakdown', () => {
    const breakdown = [
      { age_gender_breakdowns: ['65+', '18-24', 'n/a'].map((age_range) => ({ age_range })) },
    ];
    const aaa_info = { gender_audience: 'Unknown', age_country_gender_reach_breakdown: breakdown };
    expect(audience({ aaa_info })).toMatchObject({ gender_audience: 'Unknown', age_ranges: '18-24, 65+' });
  });

  it('refuses ages the Library cannot show', () => {
    expect(audience({ aaa_info: { age_audience: { min: 12, max: 65 } } }).age_ranges).toBe('');
    expect(audience({ aaa_info: { age_audience: { min: 40, max: 30 } } }).age_ranges).toBe('');
  });
});

describe('platformsOf', () => {
  it.each<[unknown, string]>([
    [['instagram', 'FACEBOOK', 'facebook'], 'FACEBOOK, INSTAGRAM'],
    ['messenger, audience network', 'AUDIENCE_NETWORK, MESSENGER'],
    [['WHATSAPP', 'ZEBRA', 'ALPHA', 'THREADS'], 'THREADS, WHATSAPP, ALPHA, ZEBRA'],
    [[null, 3, '<b>', ''], ''],
  ])('%j → %j', (value, expected) => {
    expect(platforms(value)).toBe(expected);
  });

  it('reads the Graph publisher_platforms too', () => {
    expect(platformsOf(itemShapeOf({ publisher_platforms: ['instagram', 'facebook'] }))).toBe(
      'FACEBOOK, INSTAGRAM',
    );
  });

  it('drops whole platform names, never part of one, to fit the column', () => {
    const letter = (n: number) => String.fromCharCode(65 + n);
    const names = Array.from(
      { length: 40 },
      (_, i) => `PLATFORM_${letter(i % 26)}${letter(Math.floor(i / 26))}`,
    );
    const joined = platforms(names);
    expect(joined.length).toBeLessThanOrEqual(AD_TEXT_CAPS.platforms);
    expect(joined.length).toBeGreaterThan(AD_TEXT_CAPS.platforms - 15);
    expect(joined.split(', ').every((name) => names.includes(name))).toBe(true);
  });
});
