/**
 * The Database page's columns (docs/product.md) and what each cell exports
 * (docs/product.md#calls-and-exports): the Creative thumbnail first (shown only, never exported), then the 24
 * ad fields in the product's order, then the derived Days Running, Variants and Winning Score. Also the
 * page's three text filters. Pure, so the grid and its tests share one definition. What a cell shows is
 * result-display.ts's, shared with the History dialog.
 */
import { csvChunks, type CsvColumn } from './csv.ts';
import { AD_FIELDS, DERIVED_AD_FIELDS, resultValue, type SearchResult } from '../records/entities.ts';
import { formatPbDay, resultCellText, type ResultColumnKind } from './result-display.ts';
import { tagLabel } from '../tags/vocabulary.ts';

export type ResultColumnKey = (typeof AD_FIELDS)[number]['key'] | (typeof DERIVED_AD_FIELDS)[number]['key'];

export interface ResultColumn {
  key: ResultColumnKey;
  header: string;
  kind: ResultColumnKind;
}

/** The 27 data columns in display order, the ones an export can hold (docs/product.md). */
export const RESULT_COLUMNS: readonly ResultColumn[] = [...AD_FIELDS, ...DERIVED_AD_FIELDS];

/** The ad's image (creative.ts): a thumbnail in the grid, no data, so never in a CSV. */
export const CREATIVE_COLUMN = { key: 'creative', header: 'Creative' } as const;

/** The row's tags (docs/ai.md#in-the-database), shown and exported as their labels, never as ids. */
export const TAGS_COLUMN = { key: 'tags', header: 'Tags' } as const;
/**
 * The text read on the row's creative (docs/ai.md#in-the-database): not a field of the row but of
 * its creative, which the page looks up (src/web/data/local/creative-index.ts) and hands to the
 * export as `creativeText`.
 */
export const CREATIVE_TEXT_COLUMN = { key: 'creative_text', header: 'Text on creative' } as const;

/** A column the Database export can hold: the 27 data columns and the two AI columns. */
export type ExportColumn = ResultColumn | typeof TAGS_COLUMN | typeof CREATIVE_TEXT_COLUMN;

export type DatabaseColumnKey =
  ResultColumnKey | typeof CREATIVE_COLUMN.key | typeof TAGS_COLUMN.key | typeof CREATIVE_TEXT_COLUMN.key;

/**
 * Every column of the Database grid and its 'Toggle Columns' panel, in display order: Creative
 * first, then the 27 data columns, then Tags and Text on creative. Every one is visible at first
 * (docs/product.md#states-and-transitions) but those of DEFAULT_HIDDEN_COLUMNS.
 */
export const DATABASE_COLUMNS: readonly { key: DatabaseColumnKey; header: string }[] = [
  CREATIVE_COLUMN,
  ...RESULT_COLUMNS,
  TAGS_COLUMN,
  CREATIVE_TEXT_COLUMN,
];

/**
 * Columns hidden until the user shows them: a creative's text is long, and most rows' is empty
 * until the worker has read it (docs/ai.md#in-the-database).
 */
export const DEFAULT_HIDDEN_COLUMNS: readonly DatabaseColumnKey[] = [CREATIVE_TEXT_COLUMN.key];

const COLUMN_BY_KEY = new Map<string, ResultColumn>(RESULT_COLUMNS.map((column) => [column.key, column]));

/** A data column by key; undefined for the Creative column, which exports nothing. */
export function resultColumn(key: string): ResultColumn | undefined {
  return COLUMN_BY_KEY.get(key);
}

/** A column the Database export holds, by key: a data column or an AI column; undefined for the Creative column. */
export function exportColumn(key: string): ExportColumn | undefined {
  if (key === TAGS_COLUMN.key) return TAGS_COLUMN;
  if (key === CREATIVE_TEXT_COLUMN.key) return CREATIVE_TEXT_COLUMN;
  return COLUMN_BY_KEY.get(key);
}

/** A row's tags as the app shows them: their labels (tagLabel), in the stored order, comma-separated. */
export function tagsText(tags: readonly string[] | null | undefined): string {
  return tags && tags.length > 0 ? tags.map(tagLabel).join(', ') : '';
}

/** Keeps the known column keys of a stored list, once each, in column order. */
export function knownColumnKeys(keys: readonly string[]): DatabaseColumnKey[] {
  const wanted = new Set(keys);
  return DATABASE_COLUMNS.filter((column) => wanted.has(column.key)).map((column) => column.key);
}

/**
 * The hidden columns from what the device remembers (src/web/data/browser/preferences.ts): the
 * columns the user hid, and those hidden by default that they did not choose to show.
 */
export function hiddenColumnKeys(hidden: readonly string[], shown: readonly string[]): DatabaseColumnKey[] {
  return knownColumnKeys([...hidden, ...DEFAULT_HIDDEN_COLUMNS.filter((key) => !shown.includes(key))]);
}

/** What the device remembers of the hidden columns `hidden`: hiddenColumnKeys' inverse. */
export function columnPreferences(hidden: readonly string[]): { hidden: string[]; shown: string[] } {
  return {
    hidden: knownColumnKeys(hidden).filter((key) => !DEFAULT_HIDDEN_COLUMNS.includes(key)),
    shown: DEFAULT_HIDDEN_COLUMNS.filter((key) => !hidden.includes(key)),
  };
}

/**
 * What a cell exports: text and URLs as stored (the full URL), dates as yyyy-MM-dd, numbers
 * plain (no separators), a number the source did not give (resultValue: reach, variants) empty.
 * Formula neutralizing and quoting are the CSV builder's job.
 */
export function exportValue(row: SearchResult, column: ResultColumn): string {
  switch (column.kind) {
    case 'number': {
      const value = resultValue(row, column.key);
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
    }
    case 'date':
      return formatPbDay(row[column.key]);
    default:
      return resultCellText('text', row[column.key]); // text and URLs as stored
  }
}

/** The text read on a row's creative, as the page finds it (creative-index.ts); '' when none. */
export type CreativeTextOf = (row: SearchResult) => string;

const noCreativeText: CreativeTextOf = () => '';

function csvColumn(column: ExportColumn, creativeText: CreativeTextOf): CsvColumn<SearchResult> {
  if (column.key === TAGS_COLUMN.key)
    return { key: column.key, header: column.header, value: (row) => tagsText(row.tags) };
  if (column.key === CREATIVE_TEXT_COLUMN.key)
    return { key: column.key, header: column.header, value: creativeText };
  return column.kind === 'date' || column.kind === 'number'
    ? { key: column.key, header: column.header, value: (row) => exportValue(row, column) }
    : { key: column.key, header: column.header };
}

/**
 * docs/product.md#calls-and-exports: the CSV of the given rows (already filtered and sorted) and columns
 * (visible, in order), each cell its `exportValue`, in chunks (csvChunks). Built for 50,000 rows: text and
 * URL cells go to the builder as stored (it writes strings as they are, which is their export value);
 * date and number cells through `exportValue`; Tags as their labels; Text on creative as
 * `creativeText` finds it. The builder neutralizes formulas in all of them alike.
 */
export function resultsCsvChunks(
  rows: readonly SearchResult[],
  columns: readonly ExportColumn[],
  creativeText: CreativeTextOf = noCreativeText,
): Generator<string, void, undefined> {
  return csvChunks<SearchResult>(
    columns.map((column) => csvColumn(column, creativeText)),
    rows,
  );
}

/** resultsCsvChunks as one string. */
export function buildResultsCsv(
  rows: readonly SearchResult[],
  columns: readonly ExportColumn[],
  creativeText: CreativeTextOf = noCreativeText,
): string {
  return [...resultsCsvChunks(rows, columns, creativeText)].join('');
}

// --- filters (docs/product.md#screens-and-routes) ----

export interface ResultFilters {
  country: string;
  keywords: string;
  storeName: string;
  /** Words of the text read on the row's creative (docs/ai.md#in-the-database). */
  creativeText: string;
  /** Tags the row must carry, every one of them (the Filter panel's tag picker, `?tag=` of the URL). */
  tags: readonly string[];
  /** The toolbar's quick search (`?q=` of the URL): words in the row's text or its creative's. */
  query: string;
}

export const EMPTY_RESULT_FILTERS: ResultFilters = Object.freeze({
  country: '',
  keywords: '',
  storeName: '',
  creativeText: '',
  tags: Object.freeze([]) as readonly string[],
  query: '',
});

/** The lowercase text of one row that the filters search, computed once per row. */
export interface ResultFilterText {
  country: string;
  keywords: string;
  storeName: string;
}

export function resultFilterText(
  row: Pick<SearchResult, 'country' | 'keywords' | 'store_name'>,
): ResultFilterText {
  return {
    country: (row.country ?? '').toLowerCase(),
    keywords: (row.keywords ?? '').toLowerCase(),
    storeName: (row.store_name ?? '').toLowerCase(),
  };
}

/**
 * The lowercase text of one row that the quick search searches: its title, body, caption, store
 * name, link description and keywords, one per line (a needle typed in one line never spans two).
 * The creative's text is searched apart (src/web/features/database/creative-text.ts).
 */
export function resultSearchText(
  row: Pick<SearchResult, 'title' | 'body' | 'caption' | 'store_name' | 'link_description' | 'keywords'>,
): string {
  return [row.title, row.body, row.caption, row.store_name, row.link_description, row.keywords]
    .map((field) => (field ?? '').toLowerCase())
    .join('\n');
}

/** The filters as the grid applies them: the row's text needles in lower case, the creative's, the tags. */
export interface ResultNeedles extends ResultFilterText {
  creativeText: string;
  tags: readonly string[];
  /** The quick search's needle ('' when off). */
  query: string;
}

/** The filters as lowercase needles; null when no filter is set (every row passes). */
export function filterNeedles(filters: ResultFilters): ResultNeedles | null {
  const needles = {
    country: filters.country.trim().toLowerCase(),
    keywords: filters.keywords.trim().toLowerCase(),
    storeName: filters.storeName.trim().toLowerCase(),
    creativeText: filters.creativeText.trim().toLowerCase(),
    tags: [...new Set(filters.tags)],
    query: filters.query.trim().toLowerCase(),
  };
  return needles.country ||
    needles.keywords ||
    needles.storeName ||
    needles.creativeText ||
    needles.query ||
    needles.tags.length > 0
    ? needles
    : null;
}

/** Whether two needles let the same rows through. */
export function sameNeedles(a: ResultNeedles | null, b: ResultNeedles | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.country === b.country &&
    a.keywords === b.keywords &&
    a.storeName === b.storeName &&
    a.creativeText === b.creativeText &&
    a.query === b.query &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag) => b.tags.includes(tag))
  );
}

/** The row's own text against the Country, Keywords and Store Name needles. */
export function passesFilters(text: ResultFilterText, needles: ResultFilterText): boolean {
  return (
    (!needles.country || text.country.includes(needles.country)) &&
    (!needles.keywords || text.keywords.includes(needles.keywords)) &&
    (!needles.storeName || text.storeName.includes(needles.storeName))
  );
}

/** Whether a row carrying `tags` has every tag `wanted` names (none wanted: every row). */
export function carriesTags(tags: readonly string[] | null | undefined, wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  if (!tags || tags.length < wanted.length) return false;
  for (const tag of wanted) if (!tags.includes(tag)) return false;
  return true;
}

export function hasActiveFilters(filters: ResultFilters): boolean {
  return filterNeedles(filters) !== null;
}
