import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../forms/locales.ts';
import {
  ctaTag,
  HOOK_TAGS,
  isTag,
  localeLanguage,
  OCR_LANGUAGE_CODES,
  OFFER_TAGS,
  TAG_LABELS,
  TAG_LANGUAGES,
  tagGroup,
  tagLabel,
  unionTags,
} from './vocabulary.ts';

describe('the tag vocabulary', () => {
  it('is exactly the issue’s list, each with a label', () => {
    expect(OFFER_TAGS).toHaveLength(8);
    expect(HOOK_TAGS).toHaveLength(7);
    for (const tag of [...OFFER_TAGS, ...HOOK_TAGS]) expect(TAG_LABELS[tag]).toMatch(/\S/);
    expect(TAG_LANGUAGES).toEqual([
      'en',
      'de',
      'fr',
      'es',
      'it',
      'nl',
      'pt',
      'pl',
      'da',
      'nb',
      'sv',
      'fi',
      'ro',
      'el',
    ]);
  });

  it('maps every keyword locale to a language with an OCR package', () => {
    for (const locale of LOCALE_CODES)
      expect(OCR_LANGUAGE_CODES[localeLanguage(locale)]).toMatch(/^[a-z]{3}$/);
    expect(localeLanguage('nb-NO')).toBe('nb');
    expect(OCR_LANGUAGE_CODES.nb).toBe('nor');
  });

  it('makes CTA tags from the source’s types, and none from nothing', () => {
    expect(ctaTag('SHOP_NOW')).toBe('cta:shop_now');
    expect(ctaTag(' Learn more ')).toBe('cta:learn_more');
    expect(ctaTag('')).toBeNull();
    expect(ctaTag('!!')).toBeNull();
  });

  it('knows its tags and refuses others', () => {
    expect(isTag('offer:free_shipping')).toBe(true);
    expect(isTag('lang:nb')).toBe(true);
    expect(isTag('lang:no')).toBe(false);
    expect(isTag('cta:shop_now')).toBe(true);
    expect(isTag('cta:<b>')).toBe(false);
    expect(isTag('offer:free_lunch')).toBe(false);
    expect(tagGroup('hook:urgency')).toBe('hook');
    expect(tagGroup('nope')).toBeNull();
  });

  it('labels every kind of tag', () => {
    expect(tagLabel('offer:guarantee')).toBe('Guarantee or free returns');
    expect(tagLabel('lang:de')).toBe('Language: Deutsch');
    expect(tagLabel('cta:shop_now')).toBe('CTA: Shop now');
  });

  it('joins lists once each, in vocabulary order, dropping what is not a tag', () => {
    expect(
      unionTags(['cta:shop_now', 'hook:urgency', 'lang:en'], null, ['offer:price', 'hook:urgency', 'x']),
    ).toEqual(['offer:price', 'hook:urgency', 'lang:en', 'cta:shop_now']);
  });
});
