/**
 * The History page's rules (docs/product.md: /app/history, exports, the history sort default): the
 * filters and sort of the run list, the labels of a run card, and the columns and file name of
 * a run's CSV export.
 */
import { countryName } from '../../../domain/forms/countries.ts';
import { csvFileName, type CsvColumn } from '../../../domain/results/csv.ts';
import { AD_FIELDS, knownFlagOf, resultValue, type SearchRun } from '../../../domain/records/entities.ts';
import { formatCount, parsePbDate } from '../../../domain/text/format.ts';

export const HISTORY_SORT_FIELDS = [
  { value: 'date', label: 'Date Created' },
  { value: 'name', label: 'Search Name' },
  { value: 'results', label: 'Results Count' },
] as const;
export type HistorySortField = (typeof HISTORY_SORT_FIELDS)[number]['value'];

export const SORT_DIRECTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number]['value'];

export interface HistoryFilters {
  searchName: string;
  country: string;
  keywords: string;
  sortBy: HistorySortField;
  direction: SortDirection;
}

/** docs/product.md#constants-and-limits: newest first by start date, nothing filtered. */
export const DEFAULT_HISTORY_FILTERS: Readonly<HistoryFilters> = Object.freeze({
  searchName: '',
  country: '',
  keywords: '',
  sortBy: 'date',
  direction: 'desc',
});

export function isHistorySortField(value: string): value is HistorySortField {
  return HISTORY_SORT_FIELDS.some((option) => option.value === value);
}

export function isSortDirection(value: string): value is SortDirection {
  return SORT_DIRECTIONS.some((option) => option.value === value);
}

/** What the list needs of a run. */
export type HistoryRun = Pick<
  SearchRun,
  'id' | 'search_name' | 'target_country' | 'keywords_used' | 'results_count' | 'started_at' | 'created'
>;

/** A run's date: when it started, or when it was created if it has no start date. */
export function runDate(run: Pick<SearchRun, 'started_at' | 'created'>): Date | null {
  return parsePbDate(run.started_at) ?? parsePbDate(run.created);
}

function normalizedQuery(query: string): string {
  return query.trim().toLowerCase();
}

function contains(value: string | null | undefined, query: string): boolean {
  return (value ?? '').toLowerCase().includes(query);
}

/** Country filter: the query is found in the country code or in its name ('de', 'germ' → DE). */
export function countryMatches(code: string | null | undefined, query: string): boolean {
  const needle = normalizedQuery(query);
  if (!needle) return true;
  return contains(code, needle) || contains(code ? countryName(code) : '', needle);
}

function compare<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function timeOf(run: HistoryRun): number {
  return runDate(run)?.getTime() ?? Number.NEGATIVE_INFINITY;
}

/**
 * The runs that pass every text filter (each a case-insensitive contains match, blank = any),
 * sorted by the chosen field and direction. Name order ignores case. Ties always fall back to
 * newest first, then id, so the order is stable whatever the input order.
 */
export function filterAndSortRuns<T extends HistoryRun>(runs: readonly T[], filters: HistoryFilters): T[] {
  const name = normalizedQuery(filters.searchName);
  const keywords = normalizedQuery(filters.keywords);
  const matched = runs.filter(
    (run) =>
      (!name || contains(run.search_name, name)) &&
      countryMatches(run.target_country, filters.country) &&
      (!keywords || contains(run.keywords_used, keywords)),
  );
  const sign = filters.direction === 'asc' ? 1 : -1;
  const primary = (a: T, b: T): number => {
    switch (filters.sortBy) {
      case 'name':
        return (
          compare((a.search_name ?? '').toLowerCase(), (b.search_name ?? '').toLowerCase()) ||
          compare(a.search_name ?? '', b.search_name ?? '')
        );
      case 'results':
        return compare(a.results_count ?? 0, b.results_count ?? 0);
      default:
        return compare(timeOf(a), timeOf(b));
    }
  };
  return matched.sort((a, b) => sign * primary(a, b) || compare(timeOf(b), timeOf(a)) || compare(a.id, b.id));
}

// --- card labels ------------------------------------------------------------------------------

/** A count in ads: '100 ads', '1,000 ads', '1 ad'. */
export function adsLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'ad' : 'ads'}`;
}

/** The keywords a run used, or 'None'. */
export function keywordsLabel(keywords: string | null | undefined): string {
  const trimmed = (keywords ?? '').trim();
  return trimmed || 'None';
}

// --- CSV export of one run (docs/product.md) -----------------------------------------------------

/**
 * Fields of a result row that the history export leaves out: docs/product.md#calls-and-exports drops id,
 * run_id, user_id and created_at; ours are named id, run, user and created, and PocketBase adds updated,
 * collectionId and collectionName.
 */
export const HISTORY_EXPORT_OMITTED_FIELDS = [
  'id',
  'run',
  'run_id',
  'user',
  'user_id',
  'created',
  'created_at',
  'updated',
  'collectionId',
  'collectionName',
] as const;

/**
 * The history export's columns: the 24 ad fields of docs/product.md#entities-and-fields in the product's
 * order, headed by their field keys, as the product's original client exported the keys of its row objects
 * (which, without the dropped fields, were exactly these 24). Our derived fields (collation_count,
 * days_running, media_url, winning_score, is_new) are not ad data of the product's rows and stay out, so the
 * file has the product's shape.
 */
export const HISTORY_EXPORT_COLUMNS: readonly CsvColumn[] = Object.freeze(
  AD_FIELDS.map((field) =>
    Object.freeze(
      knownFlagOf(field.key)
        ? // a reach the source did not give exports empty, not 0 (resultValue)
          {
            key: field.key,
            header: field.key,
            value: (row: Record<string, unknown>) => resultValue(row, field.key),
          }
        : { key: field.key, header: field.key },
    ),
  ),
);

/**
 * docs/product.md#constants-and-limits: AdScout_SearchHistory_<run date>.csv, the run date as yyyy-MM-dd
 * (UTC); `now` if it has none.
 */
export function historyExportFileName(run: Pick<SearchRun, 'started_at' | 'created'>, now: Date): string {
  return csvFileName('SearchHistory', runDate(run) ?? now);
}
