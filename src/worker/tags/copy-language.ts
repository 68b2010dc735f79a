/**
 * The language of an ad's copy (docs/ai.md#tags), found here in the worker only: the web app
 * carries the vocabulary, not a detector (tests/integration/web-bundle-no-detector.test.ts). `eld`'s
 * medium database (2 MB, bundled into the worker) is more accurate than the small ones on short
 * text, as ad copy is. It detects among all its 60 languages and we keep the 14 of the keyword
 * locales: limiting it to them (its setLanguageSubset) would call a Czech ad Polish.
 */
import { eld } from 'eld/medium';
import { isTagLanguage, type TagLanguage } from '../../domain/tags/vocabulary.ts';

/** eld's code for a language whose tag is another one: Norwegian is Bokmål in the vocabulary. */
const TAG_LANGUAGE_OF: Readonly<Record<string, TagLanguage>> = { no: 'nb', nb: 'nb', nn: 'nb' };

/** The copy's language among TAG_LANGUAGES, or null when eld is unsure or it is another one. */
export function copyLanguage(text: string): TagLanguage | null {
  if (!text.trim()) return null;
  const result = eld.detect(text);
  if (!result.language || !result.isReliable()) return null;
  const language = TAG_LANGUAGE_OF[result.language] ?? result.language;
  return isTagLanguage(language) ? language : null;
}
