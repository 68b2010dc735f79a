/**
 * How the tag rules (src/domain/tags/tag-rules.ts) read text: folded (lower case, accents and
 * other combining marks dropped, compatibility forms unified), and phrase tables compiled once
 * into one pattern each, matched on whole words.
 */

/**
 * `text` as the rules read it: NFKD (full-width digits, no-break spaces and the Greek question mark
 * become their plain forms), combining marks dropped (é → e, ș → s, ά → α; the variation selector
 * of ⭐️ and the keycap of 1️⃣ too), curly apostrophes straight, lower case, final sigma as σ.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘ʼ`´]/g, "'")
    .toLowerCase()
    .replace(/ς/g, 'σ');
}

/** Letters or digits: what a whole-word match may not touch on either side. */
const WORD_CHAR = '[\\p{L}\\p{N}]';

/**
 * A phrase's pattern: folded; a space matches any run of spaces or hyphens, a hyphen an optional
 * one ("money-back", "money back", "moneyback"), an apostrophe an optional one ("don't", "dont");
 * `*` at a word's end any further letters ("garanti*" → garantie, garantía); `#` a number; "/"
 * and "&" with or without spaces around them.
 */
function phraseSource(phrase: string): string {
  const folded = foldText(phrase);
  let source = '';
  for (const char of folded) {
    if (char === ' ') source += '[\\s\\-]+';
    else if (char === '-') source += '[\\s\\-]?';
    else if (char === "'") source += "'?";
    else if (char === '*') source += '\\p{L}*';
    else if (char === '#') source += '\\d+(?:[.,]\\d+)?';
    else if (char === '/') source += '\\s*\\/\\s*';
    else if (char === '&') source += '\\s*&\\s*';
    else source += char.replace(/[.?+^$()[\]{}|\\/]/g, '\\$&');
  }
  return source;
}

/** A table entry: a phrase (see phraseSource), or a pattern written for folded text. */
export type PhraseEntry = string | RegExp;

/** One pattern matching any entry of the tables, on folded text. */
export function compilePhrases(...tables: readonly (readonly PhraseEntry[])[]): RegExp {
  const entries = tables.flat();
  // one word boundary around all the phrases: hundreds of lookarounds make V8 compile for seconds
  const phrases = entries.filter((entry): entry is string => typeof entry === 'string').map(phraseSource);
  const patterns = entries
    .filter((entry): entry is RegExp => typeof entry !== 'string')
    .map((entry) => entry.source);
  const sources = phrases.length > 0 ? [`(?<!${WORD_CHAR})(?:${phrases.join('|')})(?!${WORD_CHAR})`] : [];
  return new RegExp(sources.concat(patterns).join('|'), 'u');
}

/** A phrase table per language, for the languages' rules to be complete and reviewed together. */
export function allLanguages<T>(table: Readonly<Record<string, readonly T[]>>): T[] {
  return Object.values(table).flat();
}
