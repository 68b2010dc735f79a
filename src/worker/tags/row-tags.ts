/**
 * A row's tags as the worker sends them (docs/ai.md#tags, docs/pipeline.md#writing-results): the
 * offers and hooks of its copy, the copy's language and the source's CTA type. The server adds
 * the tags of its creative's text when it has them.
 */
import { tagsOfAd, type AdCopy } from '../../domain/tags/tag-rules.ts';
import type { Tag } from '../../domain/tags/vocabulary.ts';
import { copyLanguage } from './copy-language.ts';

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The copy of a row (a normalized ad, or a stored row of search_results). */
export function copyOf(row: { readonly [key: string]: unknown }): AdCopy {
  return {
    title: textOf(row.title),
    body: textOf(row.body),
    caption: textOf(row.caption),
    link_description: textOf(row.link_description),
    cta_type: textOf(row.cta_type),
  };
}

/**
 * The tags of a row's copy. The language is read from the title, body and link description
 * together (the caption is the link's domain, in no language).
 */
export function rowTags(row: { readonly [key: string]: unknown }): Tag[] {
  const copy = copyOf(row);
  const language = copyLanguage([copy.title, copy.body, copy.link_description].filter(Boolean).join('\n'));
  return tagsOfAd(copy, language);
}
