import { describe, expect, it } from 'vitest';
import { rowTags } from './row-tags.ts';

describe('rowTags', () => {
  it("tags a row's copy with its offers, hooks, detected language and CTA type", () => {
    const row = {
      ad_id: '1',
      title: 'Die Original Hausschuhe – 30 % Rabatt',
      body: 'Kennst du das? Kalte Füße im Büro. Unsere Hausschuhe halten dich den ganzen Tag warm. Kostenloser Versand!',
      caption: 'hausschuhe.example.de',
      link_description: '',
      cta_type: 'SHOP_NOW',
      reach: 1000,
    };
    expect(rowTags(row)).toEqual([
      'offer:percent_off',
      'offer:free_shipping',
      'hook:question',
      'hook:pain_point',
      'lang:de',
      'cta:shop_now',
    ]);
  });

  it('gives no language tag when the copy is too short to tell, and reads absent fields as empty', () => {
    expect(rowTags({ ad_id: '2', title: 'SHOP NOW', cta_type: 'LEARN_MORE' })).toEqual(['cta:learn_more']);
    expect(rowTags({ ad_id: '3' })).toEqual([]);
  });
});
