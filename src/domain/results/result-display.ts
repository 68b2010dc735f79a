/**
 * How a result's cells show, wherever results are shown: the History page's 'Search Results'
 * dialog (docs/product.md#screens-and-routes) and the Database grid (docs/product.md). One formatting of
 * URLs, numbers and dates.
 *
 * Ad text is third-party data (docs/invariants.md#invariant-8-ad-text-is-data): everything here is plain text
 * for text nodes, and only an absolute http(s) URL ever becomes a link ('Link', in a new tab, without an
 * opener). A URL field holding anything else (javascript:, data:, a bare domain) shows nothing, as the
 * normalizer would have stored nothing for it.
 */
import { formatCount, parsePbDate } from '../text/format.ts';
import { isHttpUrl } from '../text/url.ts';

/** How a result field is stored and shown (`kind` of AD_FIELDS and DERIVED_AD_FIELDS). */
export type ResultColumnKind = 'text' | 'number' | 'date' | 'url';

/**
 * The text of every link cell (docs/product.md#states-and-transitions: the URL fields show as 'Link'
 * anchors).
 */
export const RESULT_LINK_TEXT = 'Link';

const PB_DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;

/**
 * yyyy-MM-dd (UTC) of a PocketBase date; '' when unset or not a date. Ad dates are calendar
 * days, stored at midnight UTC.
 */
export function formatPbDay(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const fast = PB_DATE_PREFIX.exec(value);
  if (fast) return fast[1] ?? '';
  const date = parsePbDate(value);
  return date ? date.toISOString().slice(0, 10) : '';
}

/** A number with thousands separators and at most two decimals: 12,345 or 1,234.5; '' when not a finite number. */
export function formatResultNumber(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return formatCount(value);
  const rounded = Math.round(value * 100) / 100;
  const whole = Math.trunc(rounded);
  const fraction = Math.abs(rounded - whole)
    .toFixed(2)
    .slice(1)
    .replace(/0+$/, '');
  const sign = rounded < 0 && whole === 0 ? '-' : '';
  return `${sign}${formatCount(whole)}${fraction === '.' ? '' : fraction}`;
}

/** The href of a URL cell: the trimmed value when it is an absolute http(s) URL, else null. */
export function linkHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed && isHttpUrl(trimmed) ? trimmed : null;
}

/**
 * The text a cell shows. A URL cell shows a 'Link' anchor to its `linkHref` instead, or nothing
 * when it has none, so its text is always ''.
 */
export function resultCellText(kind: ResultColumnKind, value: unknown): string {
  switch (kind) {
    case 'number':
      return formatResultNumber(value);
    case 'date':
      return formatPbDay(value);
    case 'url':
      return '';
    default:
      return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  }
}

/** What one cell shows: a 'Link' anchor (URL fields with an http(s) URL) or text. */
export type ResultCell = { link: string; text?: never } | { text: string; link?: never };

export function resultCell(kind: ResultColumnKind, value: unknown): ResultCell {
  const link = kind === 'url' ? linkHref(value) : null;
  return link ? { link } : { text: resultCellText(kind, value) };
}
