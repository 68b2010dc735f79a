/**
 * The tag rules (docs/ai.md#tags): the offers and hooks a text makes, and an ad's tags from its
 * copy. A rule list, not a model: phrase tables and patterns in the 14 languages of the keyword
 * locales (src/domain/tags/offer-rules.ts, src/domain/tags/hook-rules.ts), all of them run on any
 * text, since ads mix English into their own language and a creative's text may be in either.
 * The worker runs them (and detects the copy's language); the web app shows only the vocabulary.
 */
import { HOOK_RULES } from './hook-rules.ts';
import { OFFER_RULES } from './offer-rules.ts';
import { foldText } from './text-match.ts';
import { ctaTag, languageTag, unionTags, type Tag, type TagLanguage } from './vocabulary.ts';

/** The copy of an ad that is tagged: the fields of a row of search_results, '' when absent. */
export interface AdCopy {
  title: string;
  body: string;
  caption: string;
  link_description: string;
  cta_type: string;
}

/**
 * The offers and hooks found in `text` (an ad's copy or the text read on its creative), in the
 * vocabulary's order. `language` is the text's language when known (Greek asks with ";").
 */
export function tagsOfText(text: string, language: TagLanguage | null): Tag[] {
  if (!text.trim()) return [];
  const folded = foldText(text);
  const tags: Tag[] = [];
  for (const [tag, matches] of OFFER_RULES) if (matches(folded)) tags.push(tag);
  for (const [tag, matches] of HOOK_RULES) if (matches(folded, language)) tags.push(tag);
  return tags;
}

/**
 * An ad's tags from its copy: the offers and hooks of each field (each on its own, so that the end
 * of a title and the start of a body make no phrase together), `lang:` of `language` when given,
 * and `cta:` of the source's CTA type.
 */
export function tagsOfAd(ad: AdCopy, language: TagLanguage | null): Tag[] {
  const fields = [ad.title, ad.body, ad.caption, ad.link_description];
  const cta = ctaTag(ad.cta_type);
  return unionTags(
    ...fields.map((field) => tagsOfText(field, language)),
    language ? [languageTag(language)] : [],
    cta ? [cta] : [],
  ) as Tag[];
}
