/**
 * The tags an ad carries (docs/ai.md#tags): the one vocabulary of offers, hooks, languages and
 * CTA types, with the labels the app shows. The rules that find them are src/domain/tags' others,
 * run by the worker; the web app carries only this file (no detector).
 */
import type { LocaleCode } from '../forms/locales.ts';

export const OFFER_TAGS = [
  'offer:percent_off',
  'offer:buy_x_get_y',
  'offer:free_shipping',
  'offer:price',
  'offer:bundle',
  'offer:free_gift',
  'offer:guarantee',
  'offer:limited_stock',
] as const;
export type OfferTag = (typeof OFFER_TAGS)[number];

export const HOOK_TAGS = [
  'hook:question',
  'hook:pattern_interrupt',
  'hook:pain_point',
  'hook:social_proof',
  'hook:urgency',
  'hook:before_after',
  'hook:number_list',
] as const;
export type HookTag = (typeof HOOK_TAGS)[number];

/** The ISO 639-1 codes of the 15 keyword locales' 14 languages (Norwegian is Bokmål, `nb`). */
export const TAG_LANGUAGES = [
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
] as const;
export type TagLanguage = (typeof TAG_LANGUAGES)[number];

export const LANGUAGE_TAG_PREFIX = 'lang:';
export const CTA_TAG_PREFIX = 'cta:';
export type LanguageTag = `lang:${TagLanguage}`;
/** `cta:` and the source's CTA type in lower case (`cta:shop_now`). */
export type CtaTag = `cta:${string}`;
export type Tag = OfferTag | HookTag | LanguageTag | CtaTag;

/** At most this many tags on a row or a creative's text (more than the vocabulary can give). */
export const TAGS_MAX = 40;

export const TAG_LABELS: Record<OfferTag | HookTag, string> = {
  'offer:percent_off': 'Percent off',
  'offer:buy_x_get_y': 'Buy X get Y',
  'offer:free_shipping': 'Free shipping',
  'offer:price': 'Price',
  'offer:bundle': 'Bundle',
  'offer:free_gift': 'Free gift',
  'offer:guarantee': 'Guarantee or free returns',
  'offer:limited_stock': 'Limited stock',
  'hook:question': 'Question',
  'hook:pattern_interrupt': 'Pattern interrupt',
  'hook:pain_point': 'Pain point',
  'hook:social_proof': 'Social proof',
  'hook:urgency': 'Urgency',
  'hook:before_after': 'Before and after',
  'hook:number_list': 'Number list',
};

/** Each language in its own name, as a user of it would look for it. */
export const LANGUAGE_LABELS: Record<TagLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  pl: 'Polski',
  da: 'Dansk',
  nb: 'Norsk',
  sv: 'Svenska',
  fi: 'Suomi',
  ro: 'Română',
  el: 'Ελληνικά',
};

/** The `@tesseract.js-data/<code>` package of each language (docs/ai.md#the-text-on-a-creative). */
export const OCR_LANGUAGE_CODES: Record<TagLanguage, string> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  nl: 'nld',
  pt: 'por',
  pl: 'pol',
  da: 'dan',
  nb: 'nor',
  sv: 'swe',
  fi: 'fin',
  ro: 'ron',
  el: 'ell',
};

export function isTagLanguage(value: string): value is TagLanguage {
  return (TAG_LANGUAGES as readonly string[]).includes(value);
}

/** The language of a keyword locale (`nl-BE` → `nl`, `de-AT` → `de`). */
export function localeLanguage(locale: LocaleCode): TagLanguage {
  const code = locale.slice(0, 2);
  if (!isTagLanguage(code)) throw new Error(`No tag language for locale ${locale}`);
  return code;
}

export function languageTag(language: TagLanguage): LanguageTag {
  return `${LANGUAGE_TAG_PREFIX}${language}`;
}

/** The CTA tag of a source's CTA type (`SHOP_NOW` → `cta:shop_now`), or null when it gives none. */
export function ctaTag(ctaType: string): CtaTag | null {
  const type = ctaType
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return type ? `${CTA_TAG_PREFIX}${type}` : null;
}

/** Whether `value` is a tag of the vocabulary (any CTA type counts). */
export function isTag(value: string): value is Tag {
  if ((OFFER_TAGS as readonly string[]).includes(value) || (HOOK_TAGS as readonly string[]).includes(value))
    return true;
  if (value.startsWith(LANGUAGE_TAG_PREFIX)) return isTagLanguage(value.slice(LANGUAGE_TAG_PREFIX.length));
  return /^cta:[a-z0-9_]{1,40}$/.test(value);
}

/** What the app shows for a tag: "Free shipping", "Language: Deutsch", "CTA: Shop now". */
export function tagLabel(tag: string): string {
  if (tag in TAG_LABELS) return TAG_LABELS[tag as OfferTag | HookTag];
  if (tag.startsWith(LANGUAGE_TAG_PREFIX)) {
    const code = tag.slice(LANGUAGE_TAG_PREFIX.length);
    return `Language: ${isTagLanguage(code) ? LANGUAGE_LABELS[code] : code}`;
  }
  if (tag.startsWith(CTA_TAG_PREFIX)) {
    const words = tag.slice(CTA_TAG_PREFIX.length).replace(/_/g, ' ');
    return `CTA: ${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  }
  return tag;
}

/** The group a tag belongs to, for pickers and tables. */
export type TagGroup = 'offer' | 'hook' | 'lang' | 'cta';
export function tagGroup(tag: string): TagGroup | null {
  const prefix = tag.slice(0, tag.indexOf(':'));
  return prefix === 'offer' || prefix === 'hook' || prefix === 'lang' || prefix === 'cta' ? prefix : null;
}

/** The union of tag lists, each once, in vocabulary order then CTA by name (stable for tests and diffs). */
export function unionTags(...lists: readonly (readonly string[] | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const list of lists) for (const tag of list ?? []) if (isTag(tag)) seen.add(tag);
  const order = (tag: string): number => {
    const fixed = (OFFER_TAGS as readonly string[]).concat(HOOK_TAGS).indexOf(tag);
    if (fixed >= 0) return fixed;
    if (tag.startsWith(LANGUAGE_TAG_PREFIX)) return 100 + TAG_LANGUAGES.indexOf(tag.slice(5) as TagLanguage);
    return 200;
  };
  return [...seen].sort((a, b) => order(a) - order(b) || a.localeCompare(b)).slice(0, TAGS_MAX);
}
