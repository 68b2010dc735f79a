/**
 * What the Database page and its lazily loaded grid say to each other. No AG Grid here: the
 * page stays in the main bundle, AG Grid ships only with the grid's chunk.
 */
import type {
  DatabaseColumnKey,
  ExportColumn,
  ResultFilters,
  RowSelection,
  SearchResult,
} from '../../../domain/index.ts';
import type { ResultFeed } from './result-feed.ts';

export interface GridCounts {
  /** Rows that pass the filters. */
  displayed: number;
  /** All rows in the grid. */
  total: number;
}

export interface DatabaseGridHandle {
  /** The filtered and sorted rows and the visible columns, in the order shown (the Creative column is no data). */
  exportRows(): { rows: SearchResult[]; columns: ExportColumn[] };
  /** The rows ticked in the grid's checkbox column, shown or not (docs/boards.md#in-the-app). */
  selectedRows(): SearchResult[];
  /** Unticks every row. */
  clearSelection(): void;
}

export interface DatabaseGridProps {
  /**
   * The rows to show, newest first; a new array replaces the grid's rows (kept by id). While
   * `complete` is false they are only the newest run's rows, and the full read that follows is
   * added below them without replacing them.
   */
  rows: SearchResult[];
  complete: boolean;
  feed: ResultFeed;
  hidden: readonly DatabaseColumnKey[];
  filters: ResultFilters;
  /** Only these rows pass (with the filters), when set: the Insights page's store or product. */
  selection: RowSelection | null;
  onHandle: (handle: DatabaseGridHandle | null) => void;
  onCounts: (counts: GridCounts) => void;
  /** How many rows are ticked, whenever that changes (0 when the grid goes). */
  onSelected: (count: number) => void;
  /** Called once the first rows are on screen (the page's full read waits for it: row-reads.ts). */
  onFirstRowsOnScreen: () => void;
}
