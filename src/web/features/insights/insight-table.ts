/**
 * The Products and Stores tables of the Insights page as data (docs/web-app.md#insights): their
 * columns (header, sort value, CSV value), the filters (text, country, date) and the sort. Pure:
 * the page renders what these return, and the CSV export writes the same rows and values.
 */
import type { CsvColumn, ProductSummary, StoreSummary } from '../../../domain/index.ts';

export type SortDirection = 'ascending' | 'descending';

export interface InsightColumn<R> {
  key: string;
  header: string;
  /** What the column sorts by; absent: not sortable (the thumbnail). null sorts last. */
  sortValue?: (row: R) => number | string | null;
  /** The cell's value in the CSV (absent: not exported). Unknown is '' (never 0). */
  csv?: (row: R) => string | number;
}

export interface InsightFilters {
  /** Matches the name and the store names, case-insensitive. */
  text: string;
  /** Matches one of the countries (code, case-insensitive, contains). */
  country: string;
  /** 'yyyy-MM-dd': rows whose date (first start; a store's last seen) is on or after it. */
  since: string;
}

export const EMPTY_INSIGHT_FILTERS: InsightFilters = Object.freeze({ text: '', country: '', since: '' });

export interface InsightSort {
  key: string;
  direction: SortDirection;
}

const day = (text: string) => text.slice(0, 10);
const orEmpty = (value: number | null) => (value === null ? '' : value);

export const PRODUCT_COLUMNS: InsightColumn<ProductSummary>[] = [
  { key: 'thumb', header: 'Creative' },
  { key: 'name', header: 'Product', sortValue: (p) => p.name.toLowerCase(), csv: (p) => p.name },
  { key: 'momentum', header: 'New stores (14 days)', sortValue: (p) => p.momentum, csv: (p) => p.momentum },
  { key: 'stores', header: 'Stores', sortValue: (p) => p.stores, csv: (p) => p.stores },
  {
    key: 'storesStopped',
    header: 'Stores stopped',
    sortValue: (p) => p.storesStopped,
    csv: (p) => p.storesStopped,
  },
  { key: 'ads', header: 'Ads', sortValue: (p) => p.ads, csv: (p) => p.ads },
  { key: 'activeAds', header: 'Active ads', sortValue: (p) => p.activeAds, csv: (p) => p.activeAds },
  {
    key: 'medianDaysRunning',
    header: 'Median days running',
    sortValue: (p) => p.medianDaysRunning,
    csv: (p) => orEmpty(p.medianDaysRunning),
  },
  {
    key: 'firstStart',
    header: 'First start',
    sortValue: (p) => p.firstStart || null,
    csv: (p) => day(p.firstStart),
  },
  {
    key: 'newestStore',
    header: 'Newest store',
    sortValue: (p) => p.newestStore?.since || null,
    csv: (p) => (p.newestStore ? `${p.newestStore.name} (${day(p.newestStore.since)})` : ''),
  },
  {
    key: 'countries',
    header: 'Countries',
    sortValue: (p) => p.countries.join(', '),
    csv: (p) => p.countries.join(', '),
  },
  { key: 'trend', header: 'Stores starting it (12 weeks)', csv: (p) => p.trend.join(' ') },
];

export const STORE_COLUMNS: InsightColumn<StoreSummary>[] = [
  { key: 'name', header: 'Store', sortValue: (s) => s.name.toLowerCase(), csv: (s) => s.name },
  { key: 'ads', header: 'Ads collected', sortValue: (s) => s.ads, csv: (s) => s.ads },
  { key: 'activeAds', header: 'Active ads', sortValue: (s) => s.activeAds, csv: (s) => s.activeAds },
  {
    key: 'newLast7Days',
    header: 'New (7 days)',
    sortValue: (s) => s.newLast7Days,
    csv: (s) => s.newLast7Days,
  },
  {
    key: 'firstSeen',
    header: 'First seen',
    sortValue: (s) => s.firstSeen || null,
    csv: (s) => day(s.firstSeen),
  },
  { key: 'lastSeen', header: 'Last seen', sortValue: (s) => s.lastSeen || null, csv: (s) => day(s.lastSeen) },
  {
    key: 'longestRunning',
    header: 'Longest-running ad (days)',
    sortValue: (s) => s.longestRunning?.days ?? null,
    csv: (s) => s.longestRunning?.days ?? '',
  },
  {
    key: 'medianWinningScore',
    header: 'Median winning score',
    sortValue: (s) => s.medianWinningScore,
    csv: (s) => orEmpty(s.medianWinningScore),
  },
  {
    key: 'countries',
    header: 'Countries',
    sortValue: (s) => s.countries.join(', '),
    csv: (s) => s.countries.join(', '),
  },
  {
    key: 'platforms',
    header: 'Platforms',
    sortValue: (s) => s.platforms.join(', '),
    csv: (s) => s.platforms.join(', '),
  },
  { key: 'trend', header: 'New ads per week (12 weeks)', csv: (s) => s.trend.join(' ') },
];

/** The default sorts: products by momentum (docs/insights.md), stores by active ads. */
export const DEFAULT_PRODUCT_SORT: InsightSort = { key: 'momentum', direction: 'descending' };
export const DEFAULT_STORE_SORT: InsightSort = { key: 'activeAds', direction: 'descending' };

/** The CSV columns of a table: those with a CSV value, in the table's order. */
export function csvColumns<R>(columns: readonly InsightColumn<R>[]): CsvColumn<R>[] {
  return columns.flatMap((column) =>
    column.csv ? [{ key: column.key, header: column.header, value: column.csv }] : [],
  );
}

export function hasInsightFilters(filters: InsightFilters): boolean {
  return !!(filters.text.trim() || filters.country.trim() || filters.since);
}

interface Filterable {
  /** Lowercase text the text filter searches. */
  text: string;
  countries: readonly string[];
  /** The date the date filter compares (PocketBase date text). */
  date: string;
}

export const productFilterable = (p: ProductSummary): Filterable => ({
  text: `${p.name}\n${p.newestStore?.name ?? ''}`.toLowerCase(),
  countries: p.countries,
  date: p.firstStart,
});

export const storeFilterable = (s: StoreSummary): Filterable => ({
  text: `${s.name}\n${s.pageId}`.toLowerCase(),
  countries: s.countries,
  date: s.lastSeen,
});

/** The rows that pass every filter set, in their order. */
export function filterInsightRows<R>(
  rows: readonly R[],
  filters: InsightFilters,
  filterable: (row: R) => Filterable,
): R[] {
  const text = filters.text.trim().toLowerCase();
  const country = filters.country.trim().toLowerCase();
  const since = filters.since;
  if (!text && !country && !since) return rows.slice();
  return rows.filter((row) => {
    const f = filterable(row);
    if (text && !f.text.includes(text)) return false;
    if (country && !f.countries.some((c) => c.toLowerCase().includes(country))) return false;
    return !since || (f.date !== '' && day(f.date) >= since);
  });
}

/**
 * The rows sorted by a column (stable: equal values keep their order); unknown values (null) last
 * in either direction.
 */
export function sortInsightRows<R>(
  rows: readonly R[],
  columns: readonly InsightColumn<R>[],
  sort: InsightSort,
): R[] {
  const sortValue = columns.find((column) => column.key === sort.key)?.sortValue;
  if (!sortValue) return rows.slice();
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: sortValue(row) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null)
      return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
    const order = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    return order * sign || a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}

/** A click on a header: that column descending first (the numbers people want are the large ones), then flipped. */
export function nextSort(current: InsightSort, key: string): InsightSort {
  if (current.key !== key) return { key, direction: 'descending' };
  return { key, direction: current.direction === 'descending' ? 'ascending' : 'descending' };
}
