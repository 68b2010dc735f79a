/**
 * The tags the Filter panel's picker offers (tag-picker.tsx): every offer and hook, every
 * language, and the CTA types found on the user's rows (the source's types are open-ended), then
 * any tag picked that none of these is (an address naming a CTA type no row carries).
 */
import {
  CTA_TAG_PREFIX,
  HOOK_TAGS,
  isTag,
  languageTag,
  OFFER_TAGS,
  TAG_LANGUAGES,
  tagLabel,
  type SearchResult,
} from '../../../domain/index.ts';

const FIXED: readonly string[] = [...OFFER_TAGS, ...HOOK_TAGS, ...TAG_LANGUAGES.map(languageTag)];

export function tagOptions(rows: readonly Pick<SearchResult, 'tags'>[], picked: readonly string[]): string[] {
  const ctas = new Set<string>();
  for (const row of rows) {
    const tags = row.tags;
    if (!tags) continue;
    for (const tag of tags) if (tag.startsWith(CTA_TAG_PREFIX)) ctas.add(tag);
  }
  const options = [...FIXED, ...[...ctas].sort((a, b) => tagLabel(a).localeCompare(tagLabel(b)))];
  for (const tag of picked) if (isTag(tag) && !options.includes(tag)) options.push(tag);
  return options;
}
