/**
 * What the ad detail view says about one result (docs/ad-detail.md): its heading, its copy, the
 * facts a dropshipper checks (store, page, country, platforms, dates), the winning signals, and
 * the links out. Everything is plain text for text nodes (docs/invariants.md#invariant-8-ad-text-is-data);
 * only absolute http(s) URLs become links (result-display.ts, linkHref).
 */
import { countryLabel } from '../../domain/forms/countries.ts';
import { resultValue, type SearchResult } from '../../domain/records/entities.ts';
import { formatCount, formatDays, UNKNOWN_VALUE } from '../../domain/text/format.ts';
import { formatPbDay, formatResultNumber, linkHref } from '../../domain/results/result-display.ts';
import { confidenceInWords } from '../../domain/tags/creative-text.ts';
import { isTagLanguage, LANGUAGE_LABELS, tagLabel } from '../../domain/tags/vocabulary.ts';
import type { ArchivedCreative } from '../../domain/records/entities.ts';

/** Rows synced before a field existed lack it: every field is optional here. */
export type AdDetailRow = Partial<SearchResult>;

export interface AdFact {
  label: string;
  value: string;
}

export interface AdText {
  label: string;
  text: string;
}

export interface AdLink {
  label: string;
  href: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
/** A count the source may not give (resultValue): '' when it did not, else the count, 0 included. */
const knownCount = (row: AdDetailRow, key: 'reach' | 'collation_count'): string => {
  const value = resultValue(row, key);
  return typeof value === 'number' && Number.isFinite(value)
    ? formatCount(Math.max(0, Math.floor(value)))
    : '';
};

/** The dialog's title: the store, else the Page id, else the ad id. */
export function adHeading(row: AdDetailRow): string {
  const store = text(row.store_name);
  if (store) return store;
  const page = text(row.page_id);
  if (page) return `Page ${page}`;
  return `Ad ${text(row.ad_id) || 'without an id'}`;
}

/** The ad's copy, in the order the ad shows it; empty parts are left out. */
export function adCopy(row: AdDetailRow): AdText[] {
  const cta = [text(row.cta_text), text(row.cta_type)].filter(Boolean);
  const parts: AdText[] = [
    { label: 'Title', text: text(row.title) },
    { label: 'Body', text: typeof row.body === 'string' ? row.body.trim() : '' },
    { label: 'Link description', text: text(row.link_description) },
    { label: 'Caption', text: text(row.caption) },
    // 'Shop now (SHOP_NOW)': the label the ad shows and Facebook's type
    {
      label: 'Call to action',
      text: cta.length === 2 && cta[0] !== cta[1] ? `${cta[0]} (${cta[1]})` : (cta[0] ?? ''),
    },
  ];
  return parts.filter((part) => part.text !== '');
}

/** An end date: the day it stopped, or 'Still running' for an active ad (its end is "last seen"). */
function endDate(row: AdDetailRow): string {
  const day = formatPbDay(row.end_date);
  if (day) return day;
  return text(row.active_status).toUpperCase() === 'ACTIVE' ? 'Still running' : UNKNOWN_VALUE;
}

/** The facts of the ad, each shown (with UNKNOWN_VALUE when missing) so the layout never jumps. */
export function adFacts(row: AdDetailRow): AdFact[] {
  const likes = number(row.page_likes);
  const facts: AdFact[] = [
    { label: 'Store', value: text(row.store_name) },
    { label: 'Page', value: text(row.page_id) },
    { label: 'Country', value: text(row.country) ? countryLabel(text(row.country)) : '' },
    { label: 'Platforms', value: text(row.platforms) },
    { label: 'Start date', value: formatPbDay(row.start_date) },
    { label: 'End date', value: endDate(row) },
    { label: 'Status', value: text(row.active_status) },
    { label: 'Format', value: text(row.format) },
    { label: 'Category', value: text(row.category) },
    { label: 'Page likes', value: likes > 0 ? formatCount(likes) : '' },
    // EU/UK delivery only (docs/ad-sources.md#eu-and-uk-transparency): unknown elsewhere, not 0
    { label: 'Reach (EU/UK)', value: knownCount(row, 'reach') },
    { label: 'Age ranges', value: text(row.age_ranges) },
    { label: 'Gender audience', value: text(row.gender_audience) },
    { label: 'Keywords', value: text(row.keywords) },
  ];
  return facts.map((fact) => (fact.value ? fact : { ...fact, value: UNKNOWN_VALUE }));
}

/** The winning signals: how long it has run, how many ads use the creative, the score of 100. */
export function adSignals(row: AdDetailRow): AdFact[] {
  const days = Math.max(0, Math.floor(number(row.days_running)));
  return [
    { label: 'Days running', value: formatDays(days) },
    // only the lead ad of a group of copies carries the count (docs/ad-sources.md#the-actors-output)
    { label: 'Variants', value: knownCount(row, 'collation_count') || UNKNOWN_VALUE },
    { label: 'Winning score', value: `${formatResultNumber(number(row.winning_score))} / 100` },
  ];
}

/** The links out, each only when it is an absolute http(s) URL. */
export function adLinks(row: AdDetailRow): AdLink[] {
  const links: { label: string; href: string | null }[] = [
    { label: 'Open in Ad Library', href: linkHref(row.ad_library_url) },
    { label: 'Page profile', href: linkHref(row.page_profile_url) },
    { label: 'Product link', href: linkHref(row.product_link) },
  ];
  return links.filter((link): link is AdLink => link.href !== null);
}

/**
 * The text read on the ad's creative (docs/ai.md#in-the-database): the text with its confidence in
 * words and numbers ("High, 92 of 100") and its language, or a plain statement of why there is none.
 */
export type CreativeTextView =
  | { kind: 'read'; text: string; confidence: string; language: string }
  | { kind: 'statement'; statement: string; busy: boolean };

export const CREATIVE_TEXT_STATEMENTS = {
  notArchived: 'The text on the creative is read once the creative is archived.',
  notRead: 'The text on this creative has not been read yet.',
  pending: 'Reading the text…',
  none: 'No text was found on this creative.',
  unreadable: 'The text on this creative could not be read.',
} as const;

export function creativeTextView(archived: ArchivedCreative | undefined): CreativeTextView {
  const statement = (key: keyof typeof CREATIVE_TEXT_STATEMENTS): CreativeTextView => ({
    kind: 'statement',
    statement: CREATIVE_TEXT_STATEMENTS[key],
    busy: key === 'pending',
  });
  if (!archived) return statement('notArchived');
  const text = (archived.text ?? '').trim();
  switch (archived.text_status) {
    case 'pending':
      return statement('pending');
    case 'none':
      return statement('none');
    case 'unreadable':
      return statement('unreadable');
    case 'read': {
      if (!text) return statement('none');
      const confidence = Math.max(0, Math.min(100, Math.round(archived.text_confidence ?? 0)));
      const code = archived.text_language ?? '';
      return {
        kind: 'read',
        text,
        confidence: `${confidenceInWords(confidence)}, ${confidence} of 100`,
        language: isTagLanguage(code) ? LANGUAGE_LABELS[code] : '',
      };
    }
    default:
      return statement('notRead');
  }
}

/**
 * A video's transcript (docs/ai.md#transcripts): the words the operator's model heard, or a plain
 * statement of where it stands; null when there is none to speak of (an image, or a video no
 * transcript was queued for: transcripts are off on the server).
 */
export type TranscriptView =
  { kind: 'read'; text: string } | { kind: 'statement'; statement: string; busy: boolean };

export const TRANSCRIPT_STATEMENTS = {
  pending: 'Transcribing the video…',
  none: 'No words were heard in this video.',
  too_large: 'Not transcribed: the video is over 25 MB.',
  failed: 'The video could not be transcribed.',
} as const;

export function transcriptView(archived: ArchivedCreative | undefined): TranscriptView | null {
  const status = archived?.transcript_status ?? '';
  if (!status) return null;
  const text = (archived?.transcript ?? '').trim();
  if (status === 'read' && text) return { kind: 'read', text };
  const key = status === 'read' ? 'none' : status;
  return { kind: 'statement', statement: TRANSCRIPT_STATEMENTS[key], busy: key === 'pending' };
}

/** The ad's tags as their labels; null while the row is not tagged yet (stored before tagging). */
export function adTagLabels(row: AdDetailRow): string[] | null {
  return row.tags ? row.tags.map(tagLabel) : null;
}
