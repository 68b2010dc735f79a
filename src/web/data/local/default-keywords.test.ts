import { describe, expect, it } from 'vitest';
import { defaultKeywords, ENGLISH_SALES_TERMS, uniqueKeywords } from './default-keywords.ts';
import { LOCALE_CODES } from '../../../domain/forms/locales.ts';

describe('defaultKeywords', () => {
  it.each(LOCALE_CODES)('%s: at most 50 unique entries in order', (locale) => {
    const list = defaultKeywords(locale);
    expect(list.length).toBeGreaterThan(40);
    expect(list.length).toBeLessThanOrEqual(50);
    expect(new Set(list.map((k) => k.toLowerCase())).size).toBe(list.length);
    expect(list[2]).toBe('/products');
    expect(list[3]).toBe('/collections');
    expect(list.every((k) => k === k.trim() && k.length > 0)).toBe(true);
  });

  it('starts with a buy-one-get-one and a 50% phrase', () => {
    expect(defaultKeywords('en-US').slice(0, 2)).toEqual(['buy one get one free', '50% off']);
    expect(defaultKeywords('de-DE').slice(0, 2)).toEqual(['1 kaufen 1 gratis', '50% Rabatt']);
    for (const locale of LOCALE_CODES) expect(defaultKeywords(locale)[1]).toMatch(/50/);
  });

  it('translates ten terms per locale and keeps the rest English', () => {
    const fr = defaultKeywords('fr-FR');
    expect(fr).toContain('livraison gratuite');
    expect(fr).not.toContain('free shipping');
    expect(fr).toContain('dropshipping');
    expect(fr).toContain('winning product');
    const english = defaultKeywords('en-US');
    expect(english.slice(4, 14)).toEqual(ENGLISH_SALES_TERMS.slice(0, 10));
  });

  it('the same list for German in Germany and Austria', () => {
    expect(defaultKeywords('de-AT')).toEqual(defaultKeywords('de-DE'));
  });
});

describe('uniqueKeywords', () => {
  it('drops case-insensitive duplicates and empties, keeping the first spelling', () => {
    expect(uniqueKeywords(['Sale', 'sale ', ' SALE', '', 'Promo'])).toEqual(['Sale', 'Promo']);
  });
  it('caps the list', () => {
    expect(uniqueKeywords(Array.from({ length: 80 }, (_, i) => `k${i}`))).toHaveLength(50);
  });
});
