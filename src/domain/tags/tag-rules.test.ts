import { describe, expect, it } from 'vitest';
import { tagsOfAd, tagsOfText, type AdCopy } from './tag-rules.ts';
import { isTag, TAGS_MAX } from './vocabulary.ts';

const AD: AdCopy = {
  title: 'Posture Corrector – 40% Off Today',
  body: 'Tired of back pain? 🔥\n\nMeet the Posture Corrector: breathable, adjustable and invisible.\n\n👉 Free shipping today only.',
  caption: 'SHOP.EXAMPLE.COM',
  link_description: '€29,99 · 30-day money-back guarantee',
  cta_type: 'SHOP_NOW',
};

describe('tagsOfAd', () => {
  it("tags the copy's offers and hooks, its language and its CTA type, in the vocabulary's order", () => {
    expect(tagsOfAd(AD, 'en')).toEqual([
      'offer:percent_off',
      'offer:free_shipping',
      'offer:price',
      'offer:guarantee',
      'hook:question',
      'hook:pain_point',
      'hook:urgency',
      'lang:en',
      'cta:shop_now',
    ]);
  });

  it('gives no language tag without a language, and no CTA tag without a CTA type', () => {
    const tags = tagsOfAd({ ...AD, cta_type: '' }, null);
    expect(tags.some((tag) => tag.startsWith('lang:'))).toBe(false);
    expect(tags.some((tag) => tag.startsWith('cta:'))).toBe(false);
  });

  it('reads each field on its own: a title and a body make no phrase together', () => {
    const copy: AdCopy = {
      title: 'Buy 2',
      body: 'get 1 free hugs from our team',
      caption: '',
      link_description: '',
      cta_type: '',
    };
    expect(tagsOfAd(copy, 'en')).not.toContain('offer:buy_x_get_y');
    expect(tagsOfAd({ ...copy, body: `${copy.title}, ${copy.body}` }, 'en')).toContain('offer:buy_x_get_y');
  });

  it('tags a German ad in German with its language', () => {
    const copy: AdCopy = {
      title: 'Die Original Lampe™',
      body: 'Kennst du das? Kalte Füße im Büro.\n\nJetzt 20 % Rabatt – nur heute! Kostenloser Versand.',
      caption: 'lampe.example.de',
      link_description: 'Ab 19,99 €',
      cta_type: 'ORDER_NOW',
    };
    expect(tagsOfAd(copy, 'de')).toEqual([
      'offer:percent_off',
      'offer:free_shipping',
      'offer:price',
      'hook:question',
      'hook:pain_point',
      'hook:urgency',
      'lang:de',
      'cta:order_now',
    ]);
  });

  it('gives only tags of the vocabulary, at most TAGS_MAX, each once', () => {
    const everything =
      Object.values(AD).join('\n') +
      '\nBuy 1 Get 1 Free ★★★★★ 3 reasons Stop scrolling! before and after limited stock free gift bundle';
    const tags = tagsOfAd({ ...AD, body: everything }, 'en');
    expect(tags.every(isTag)).toBe(true);
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags.length).toBeLessThanOrEqual(TAGS_MAX);
  });
});

describe('tagsOfText', () => {
  it('gives nothing for empty or blank text', () => {
    expect(tagsOfText('', 'en')).toEqual([]);
    expect(tagsOfText('  \n ', null)).toEqual([]);
  });

  it('reads text as an image prints it: capitals, line breaks, full-width digits and no-break spaces', () => {
    expect(tagsOfText('FREE\nSHIPPING', null)).toContain('offer:free_shipping');
    expect(tagsOfText('５０％ OFF', null)).toContain('offer:percent_off');
    expect(tagsOfText('19,99\u00a0€', null)).toContain('offer:price');
  });

  it('tags the demo catalogue’s copy styles as a reader would', () => {
    expect(
      tagsOfText(
        'Why 42,000+ customers love the Ice Roller:\n\n✅ Cools\n✅ Soothes\n✅ Depuffs\n\nBuy 2, get 1 free 🚚',
        'en',
      ),
    ).toEqual(
      ['offer:buy_x_get_y', 'hook:question', 'hook:social_proof'].filter((tag) => tag !== 'hook:question'),
    );
    expect(
      tagsOfText(
        "I didn't think an LED mask would change anything... I was wrong ✨\n\nTry it risk-free: 30-day money-back guarantee.",
        'en',
      ),
    ).toEqual(['offer:guarantee', 'hook:social_proof']);
    expect(tagsOfText('The Posture Corrector | Only 45,99 €', 'en')).toEqual(['offer:price']);
  });

  it('works without a language: the phrase tables of every language apply', () => {
    expect(tagsOfText('Darmowa dostawa', null)).toEqual(['offer:free_shipping']);
    expect(tagsOfText('Δωρεάν αποστολή', null)).toEqual(['offer:free_shipping']);
  });
});
