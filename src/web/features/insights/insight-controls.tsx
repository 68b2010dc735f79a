/**
 * The Insights page's controls (insights-page.tsx): the filter bar with its Export CSV, the CSV
 * export of a table's visible rows, and the performance marks the page's
 * benchmark reads (tests/bench/insights-page.bench.ts).
 */
import { useEffect, useId, useRef } from 'react';
import { csvChunks, csvFileName, PERFORMANCE_MARKS } from '../../../domain/index.ts';
import { useCsvDownload } from '../../components/use-csv-download.ts';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import {
  csvColumns,
  EMPTY_INSIGHT_FILTERS,
  hasInsightFilters,
  type InsightFilters,
} from './insight-table.ts';
import './insights.css';

/** Performance marks for a benchmark to read: the first rows painted, and a filter applied. */
export function usePaintMarks(kind: string, shown: number, filters: InsightFilters) {
  const painted = useRef(false);
  useEffect(() => {
    if (painted.current || shown === 0) return;
    painted.current = true;
    requestAnimationFrame(() =>
      performance.mark(PERFORMANCE_MARKS.insights.firstRowsPainted, { detail: { kind, shown } }),
    );
  }, [kind, shown]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    requestAnimationFrame(() =>
      performance.mark(PERFORMANCE_MARKS.insights.filtered, { detail: { kind, shown } }),
    );
  }, [kind, shown, filters]);
}

export function FilterBar({
  filters,
  onChange,
  dateLabel,
  onExport,
  exporting,
}: {
  filters: InsightFilters;
  onChange: (filters: InsightFilters) => void;
  dateLabel: string;
  onExport: () => void;
  exporting: boolean;
}) {
  const id = useId();
  const field = (key: keyof InsightFilters, label: string, type: 'search' | 'date' = 'search') => (
    <div className="field insight-filter">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        type={type}
        autoComplete="off"
        value={filters[key]}
        onChange={(event) => onChange({ ...filters, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <div className="insight-filters">
      {field('text', 'Search')}
      {field('country', 'Country')}
      {field('since', dateLabel, 'date')}
      {hasInsightFilters(filters) && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange(EMPTY_INSIGHT_FILTERS)}
        >
          Clear Filters
        </button>
      )}
      <ExportCsvButton onExport={onExport} exporting={exporting} />
    </div>
  );
}

/** Exports `rows` with `columns` as a CSV file named for `kind` (use-csv-download.ts). */
export function useCsvExport<R>(kind: 'Products' | 'Stores', columns: Parameters<typeof csvColumns<R>>[0]) {
  const csv = useCsvDownload('insights');
  const run = (rows: readonly R[]) =>
    csv.download(() =>
      rows.length === 0
        ? null
        : { name: csvFileName(kind, new Date()), pieces: csvChunks(csvColumns(columns), rows) },
    );
  return { exporting: csv.exporting, run };
}
