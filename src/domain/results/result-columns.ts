/**
 * The Database page's columns (docs/product.md) and what each cell exports
 * (docs/product.md#calls-and-exports): the Creative thumbnail first (shown only, never exported), then the 24
 * ad fields in the product's order, then the derived Days Running, Variants and Winning Score. Also the
 * page's three text filters. Pure, so the grid and its tests share one definition. What a cell shows is
 * result-display.ts's, shared with the History dialog.
 */
import { csvChunks } from './csv.ts';
import { AD_FIELDS, DERIVED_AD_FIELDS, resultValue, type SearchResult } from '../records/entities.ts';
import { formatPbDay, resultCellText, type ResultColumnKind } from './result-display.ts';

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

export type DatabaseColumnKey = ResultColumnKey | typeof CREATIVE_COLUMN.key;

/**
 * Every column of the Database grid and its 'Toggle Columns' panel, in display order: Creative
 * first, then the 27 data columns. Every one is visible at first (docs/product.md#states-and-transitions).
 */
export const DATABASE_COLUMNS: readonly { key: DatabaseColumnKey; header: string }[] = [
  CREATIVE_COLUMN,
  ...RESULT_COLUMNS,
];

const COLUMN_BY_KEY = new Map<string, ResultColumn>(RESULT_COLUMNS.map((column) => [column.key, column]));

/** A data column by key; undefined for the Creative column, which exports nothing. */
export function resultColumn(key: string): ResultColumn | undefined {
  return COLUMN_BY_KEY.get(key);
}

/** Keeps the known column keys of a stored list, once each, in column order. */
export function knownColumnKeys(keys: readonly string[]): DatabaseColumnKey[] {
  const wanted = new Set(keys);
  return DATABASE_COLUMNS.filter((column) => wanted.has(column.key)).map((column) => column.key);
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

/**
 * docs/product.md#calls-and-exports: the CSV of the given rows (already filtered and sorted) and columns
 * (visible, in order), each cell its `exportValue`, in chunks (csvChunks). Built for 50,000 rows: text and
 * URL cells go to the builder as stored (it writes strings as they are, which is their export value);
 * date and number cells through `exportValue`.
 */
export function resultsCsvChunks(
  rows: readonly SearchResult[],
  columns: readonly ResultColumn[],
): Generator<string, void, undefined> {
  return csvChunks<SearchResult>(
    columns.map((column) =>
      column.kind === 'date' || column.kind === 'number'
        ? { key: column.key, header: column.header, value: (row) => exportValue(row, column) }
        : { key: column.key, header: column.header },
    ),
    rows,
  );
}

/** resultsCsvChunks as one string. */
export function buildResultsCsv(rows: readonly SearchResult[], columns: readonly ResultColumn[]): string {
  return [...resultsCsvChunks(rows, columns)].join('');
}

// --- filters (docs/product.md#screens-and-routes) ----

export interface ResultFilters {
  country: string;
  keywords: string;
  storeName: string;
}

export const EMPTY_RESULT_FILTERS: ResultFilters = Object.freeze({
  country: '',
  keywords: '',
  storeName: '',
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

/** The filters as lowercase needles; null when no filter is set (every row passes). */
export function filterNeedles(filters: ResultFilters): ResultFilterText | null {
  const needles = {
    country: filters.country.trim().toLowerCase(),
    keywords: filters.keywords.trim().toLowerCase(),
    storeName: filters.storeName.trim().toLowerCase(),
  };
  return needles.country || needles.keywords || needles.storeName ? needles : null;
}

export function passesFilters(text: ResultFilterText, needles: ResultFilterText): boolean {
  return (
    (!needles.country || text.country.includes(needles.country)) &&
    (!needles.keywords || text.keywords.includes(needles.keywords)) &&
    (!needles.storeName || text.storeName.includes(needles.storeName))
  );
}

export function hasActiveFilters(filters: ResultFilters): boolean {
  return filterNeedles(filters) !== null;
}
