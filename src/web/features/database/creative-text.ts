/**
 * The text on a row's creative (docs/ai.md#in-the-database), as the Database grid shows, filters
 * and exports it: the text read on the image and, for a video, its transcript
 * (docs/ai.md#transcripts) on a line of its own; looked up in the Map of creative-index.ts (one
 * lookup a row, never a query). Its lowercase form, which the "Text on creative" filter and the
 * quick search search (creativeTextMatches, the one match both use), is made once per creative
 * object: a creative read again is a new object, so its text is made anew.
 */
import type { ArchivedCreative, SearchResult } from '../../../domain/index.ts';
import { archivedCreative } from '../../data/local/creative-index.ts';

export type CreativeLookup = (id: string | undefined) => ArchivedCreative | undefined;

const lowered = new WeakMap<ArchivedCreative, string>();

/** A creative's words: the text read on it, then its transcript; '' when it has neither. */
export function creativeWords(creative: ArchivedCreative | undefined): string {
  if (!creative) return '';
  const text = creative.text ?? '';
  const transcript = creative.transcript ?? '';
  return text && transcript ? `${text}\n${transcript}` : text || transcript;
}

/** The words on `row`'s creative; '' when it has none (not archived, not read, no text). */
export function creativeTextOf(row: SearchResult, lookup: CreativeLookup = archivedCreative): string {
  return creativeWords(lookup(row.creative));
}

/** The same words in lower case, made once per creative. */
export function lowerCreativeTextOf(row: SearchResult, lookup: CreativeLookup = archivedCreative): string {
  const creative = lookup(row.creative);
  if (!creative?.text && !creative?.transcript) return '';
  let text = lowered.get(creative);
  if (text === undefined) {
    text = creativeWords(creative).toLowerCase();
    lowered.set(creative, text);
  }
  return text;
}

/**
 * Whether the text on `row`'s creative holds `needle` (lower case, not blank): the one match of
 * the "Text on creative" filter and of the quick search (grid-filter.ts). `lowerText` is the
 * row's lowercase creative text (lowerCreativeTextOf by default).
 */
export function creativeTextMatches(
  row: SearchResult,
  needle: string,
  lowerText: (row: SearchResult) => string = (r) => lowerCreativeTextOf(r),
): boolean {
  return lowerText(row).includes(needle);
}
