/**
 * The Database page's toolbar (database-page.tsx): the quick search (quick-search.tsx), the Filter
 * and Columns buttons, which open the
 * page's side panels, the chip of a row selection opened from the Insights page
 * (row-selection.ts; removing it clears the selection), "Export CSV" of what the grid shows, "Save
 * to board" of the rows ticked in the grid or, when none is, of the rows shown
 * (docs/boards.md#in-the-app), the count of the rows shown and of the rows ticked with "Clear
 * selection". Apart from the page, which holds the state these show and change.
 */
import {
  csvFileName,
  formatCount,
  PERFORMANCE_MARKS,
  resultsCsvChunks,
  type RowSelection,
  type SearchResult,
} from '../../../domain/index.ts';
import { useContext } from 'react';
import { BoardsSlot } from '../../components/boards-slot.ts';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { CloseIcon, FilterIcon, LineIcon } from '../../components/icons.tsx';
import { useCsvDownload } from '../../components/use-csv-download.ts';
import { creativeTextOf } from './creative-text.ts';
import type { DatabaseGridHandle, GridCounts } from './grid-contract.ts';
import { QuickSearch } from './quick-search.tsx';

export interface DatabaseToolbarProps {
  /** The quick search applied (the address's `?q=`) and how to apply another. */
  query: string;
  onSearch: (query: string) => void;
  /** The rows opened from the Insights page, shown as a chip until removed. */
  selection: RowSelection | null;
  onClearSelection: () => void;
  onOpenFilter: () => void;
  onOpenColumns: () => void;
  /** What the grid shows, for the export; undefined while there is no grid. */
  exportRows: () => ReturnType<DatabaseGridHandle['exportRows']> | undefined;
  /** The grid's counts; null until it reports them. */
  counts: GridCounts | null;
  /** Whether filters or a selection hide rows: the count says "n of m". */
  filtered: boolean;
  /** How many rows are ticked in the grid. */
  ticked: number;
  /** The rows ticked; undefined while there is no grid. */
  tickedRows: () => SearchResult[] | undefined;
  onClearTicked: () => void;
}

function resultsLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'result' : 'results'}`;
}

/** "Save to board" says what it saves: the rows ticked, or the rows shown when none is. */
export function saveButtonText(ticked: number): { label: string; ariaLabel?: string } {
  if (ticked === 0) return { label: 'Save to board', ariaLabel: 'Save the ads shown to a board' };
  return { label: `Save ${formatCount(ticked)} selected to board` };
}

export function DatabaseToolbar({
  query,
  onSearch,
  selection,
  onClearSelection,
  onOpenFilter,
  onOpenColumns,
  exportRows,
  counts,
  filtered,
  ticked,
  tickedRows,
  onClearTicked,
}: DatabaseToolbarProps) {
  // The export is built in chunks, the page answering input in between (use-csv-download.ts).
  const csv = useCsvDownload('database', PERFORMANCE_MARKS.database.exported);
  const boards = useContext(BoardsSlot);
  const exportCsv = () =>
    csv.download(() => {
      const shown = exportRows();
      if (!shown || shown.rows.length === 0 || shown.columns.length === 0) return null;
      return {
        name: csvFileName('SearchDatabase', new Date()),
        pieces: resultsCsvChunks(shown.rows, shown.columns, (row) => creativeTextOf(row)),
      };
    });

  return (
    <div className="page-toolbar database-toolbar">
      <QuickSearch value={query} onSearch={onSearch} />
      <div className="row">
        <button
          type="button"
          className="button button-secondary"
          aria-haspopup="dialog"
          onClick={onOpenFilter}
        >
          <FilterIcon />
          Filter
        </button>
        {selection && (
          <span className="filter-chip" data-testid="row-selection-chip">
            <span>{selection.label}</span>
            <button
              type="button"
              className="filter-chip-remove"
              aria-label={`Remove filter: ${selection.label}`}
              title="Remove filter"
              onClick={onClearSelection}
            >
              <CloseIcon />
            </button>
          </span>
        )}
        <button
          type="button"
          className="button button-secondary"
          aria-haspopup="dialog"
          onClick={onOpenColumns}
        >
          <LineIcon>
            <path d="M4 4h16v16H4zM10 4v16M16 4v16" />
          </LineIcon>
          Columns
        </button>
        <ExportCsvButton onExport={() => void exportCsv()} exporting={csv.exporting} />
        {/* the rows ticked; else the rows the grid shows (its filters, a selection opened from
            Insights), as the export. Read from the grid when pressed. */}
        {boards?.saveAdsButton({
          adIds: () => {
            const picked = tickedRows() ?? [];
            const rows = picked.length > 0 ? picked : (exportRows()?.rows ?? []);
            return rows.map((row) => row.ad_id);
          },
          ...saveButtonText(ticked),
        })}
        {/* in the document from the start, so that screen readers announce its changes */}
        <span className="database-ticked" data-testid="database-ticked" aria-live="polite">
          {ticked > 0 ? `${formatCount(ticked)} selected` : ''}
        </span>
        {ticked > 0 && (
          <button type="button" className="button button-ghost" onClick={onClearTicked}>
            Clear selection
          </button>
        )}
      </div>
      {counts && (
        <p className="database-count" data-testid="database-count" aria-live="polite">
          {filtered
            ? `${formatCount(counts.displayed)} of ${resultsLabel(counts.total)}`
            : resultsLabel(counts.total)}
        </p>
      )}
    </div>
  );
}
