/**
 * Every call the Database page makes on AG Grid's API, out of React: database-grid.tsx makes the
 * grid and hands its props over, and this keeps the grid in step with them.
 * - Rows: a new read replaces the grid's rows (kept by id), except the full read that follows the
 *   newest rows, which goes in below them in slices; rows the sync engine stores later come from
 *   the feed as async transactions, updates for rows the grid has and additions on top for the rest.
 * - Filters: the row selection and the text filters (grid-filter.ts); this tells the grid to run
 *   them again and marks it.
 * - Columns: the hidden columns, applied as a difference from what the grid shows.
 * - The ad detail view's walk through the rows as the grid shows them (grid-detail.ts).
 * - The page's handle: the rows and columns the CSV export takes (grid-export.ts), and the rows
 *   ticked in the checkbox column, which "Save to board" takes; their count goes to the page on
 *   every change of the selection (the grid keeps it: grid-setup.ts).
 * - The performance marks the local-first bench reads (tests/bench/lib/database-page.ts).
 * It takes the part of GridApi it calls (grid-api.ts), so its tests run against a fake grid.
 */
import {
  CREATIVE_COLUMN,
  CREATIVE_TEXT_COLUMN,
  DATABASE_COLUMNS,
  PERFORMANCE_MARKS,
  type ResultFilters,
  type RowSelection,
  type SearchResult,
} from '../../../domain/index.ts';
import { PAGE_SCHEDULER, type GridApiLike, type GridScheduler } from './grid-api.ts';
import type { DatabaseGridHandle, GridCounts } from './grid-contract.ts';
import { GridDetail, type DetailView } from './grid-detail.ts';
import { exportRows } from './grid-export.ts';
import { GridFilter } from './grid-filter.ts';
import type { ResultFeed } from './result-feed.ts';

export interface GridListeners {
  onHandle(handle: DatabaseGridHandle | null): void;
  onCounts(counts: GridCounts): void;
  /** How many rows are ticked. */
  onSelected(count: number): void;
  /** The detail view opened, moved to another row (a new view) or closed (null). */
  onDetail(view: DetailView | null): void;
}

export interface GridControllerOptions {
  /** The props the grid is made with (it starts with these rows). */
  rows: SearchResult[];
  complete: boolean;
  hidden: readonly string[];
  filters: ResultFilters;
  /** Only these rows pass, when set (row-selection.ts). */
  selection?: RowSelection | null;
  feed: ResultFeed;
  /** The lowercase text read on a row's creative (grid-filter.ts; creative-text.ts by default). */
  creativeText?: (row: SearchResult) => string;
  listeners: GridListeners;
  /** The newest rows are on screen: the full read may start (use-result-rows.ts). */
  onFirstRowsOnScreen: () => void;
  scheduler?: GridScheduler;
}

/**
 * Rows the grid keeps rendered beyond the screen, for a smooth scroll (AG Grid's default). The
 * first frame renders only the rows on screen (rowBuffer 0: about 14 rows rather than 24, measured
 * 10 ms less to make the grid on this machine); the buffer is added once they are painted.
 */
export const ROW_BUFFER = 10;

/** Rows added per grid transaction when the rest comes in after the newest rows. */
export const APPEND_SLICE = 5000;

/** Whether `rows` begins with the rows of `head`, in the same order. */
function startsWith(rows: readonly SearchResult[], head: readonly SearchResult[]): boolean {
  if (head.length > rows.length) return false;
  for (let i = 0; i < head.length; i++) if (rows[i]!.id !== head[i]!.id) return false;
  return true;
}

export class GridController {
  private api: GridApiLike | null = null;
  private listeners: GridListeners;
  private readonly feed: ResultFeed;
  private readonly onFirstRowsOnScreen: () => void;
  private readonly scheduler: GridScheduler;

  // The latest props; each `applied*` is what the grid shows now.
  private latestRows: SearchResult[];
  private latestComplete: boolean;
  /** What the grid holds; null while the rest of the rows is being added. */
  private appliedRows: SearchResult[] | null;
  private appliedComplete: boolean;
  /** Bumped by every change of rows: an addition in progress stops when it is not current. */
  private applying = 0;
  private allPainted = false;
  private latestHidden: readonly string[];
  private appliedHidden: ReadonlySet<string>;
  /** Rows in the grid, counted as they are handed to it. */
  private total: number;
  /** Ids in async transactions not applied yet: a second arrival of one is an update. */
  private readonly pendingAdds = new Set<string>();
  /** Which rows pass: the row selection and the text filters. */
  readonly filter: GridFilter;
  /** The ad detail view's walk through the rows. */
  readonly detail: GridDetail;

  constructor(options: GridControllerOptions) {
    this.listeners = options.listeners;
    this.feed = options.feed;
    this.onFirstRowsOnScreen = options.onFirstRowsOnScreen;
    this.scheduler = options.scheduler ?? PAGE_SCHEDULER;
    this.filter = new GridFilter({
      filters: options.filters,
      selection: options.selection ?? null,
      idle: (step) => this.scheduler.idle(step),
      onChange: () => this.filterChanged(),
      ...(options.creativeText ? { creativeText: options.creativeText } : {}),
    });
    this.detail = new GridDetail(
      () => this.liveApi(),
      (view) => this.listeners.onDetail(view),
    );
    this.latestRows = options.rows;
    this.latestComplete = options.complete;
    this.appliedRows = options.rows;
    this.appliedComplete = options.complete;
    this.total = options.rows.length;
    this.latestHidden = options.hidden;
    this.appliedHidden = new Set(options.hidden);
  }

  setListeners(listeners: GridListeners): void {
    this.listeners = listeners;
  }

  // --- the grid's events ------------------------------------------------------------------------

  /**
   * The grid is ready (onGridReady): it catches up with the props and takes the feed's rows. The
   * filter needs no catching up: the grid asks it (grid-setup.ts), and it is always current.
   */
  attach(api: GridApiLike): void {
    this.api = api;
    this.applyRows();
    this.applyHidden();
    const disconnect = this.feed.connect(this.applyArrivals);
    api.addEventListener('gridPreDestroyed', () => {
      disconnect();
      if (this.api === api) this.api = null;
      this.listeners.onHandle(null);
      this.listeners.onSelected(0);
    });
    this.listeners.onHandle({
      exportRows: () => exportRows(api),
      selectedRows: () => (api.isDestroyed() ? [] : api.getSelectedRows()),
      clearSelection: () => {
        if (!api.isDestroyed()) api.deselectAll();
      },
    });
    this.reportCounts();
    this.selectionChanged();
  }

  /** The first rows are rendered (onFirstDataRendered of the grid `api`). */
  firstDataRendered(api: GridApiLike): void {
    this.afterPaint(PERFORMANCE_MARKS.database.firstRowsPainted, { rows: this.total });
    // after this frame's paint: the rows below the screen, then the full read of the rows may
    // take the page's thread
    this.scheduler.frame(() =>
      this.scheduler.task(() => {
        if (!api.isDestroyed()) api.setGridOption('rowBuffer', ROW_BUFFER);
        this.onFirstRowsOnScreen();
      }),
    );
    this.markAllPainted();
    if (this.appliedRows) this.filter.warm(this.appliedRows);
  }

  /** The rows shown changed (onModelUpdated). */
  reportCounts = (): void => {
    const api = this.liveApi();
    if (api) this.listeners.onCounts({ displayed: api.getDisplayedRowCount(), total: this.total });
  };

  /**
   * The rows ticked changed (onSelectionChanged): a row's checkbox, the header's, a row that left
   * the grid. Only the page's count is told; the grid redraws the checkboxes of the rows on screen.
   */
  selectionChanged = (): void => {
    const api = this.liveApi();
    if (api) this.listeners.onSelected(api.getSelectedRows().length);
  };

  // --- the props ----------------------------------------------------------------------------------

  setRows(rows: SearchResult[], complete: boolean): void {
    this.latestRows = rows;
    this.latestComplete = complete;
    this.applyRows();
  }

  setHidden(hidden: readonly string[]): void {
    this.latestHidden = hidden;
    this.applyHidden();
  }

  /**
   * The archived creatives stored here changed (creative-index.ts): the Creative and Text on
   * creative cells on screen look their rows' creatives up again (a row's own change comes as a
   * transaction), and a filter on the creative's text runs again.
   */
  creativesChanged(): void {
    this.api?.refreshCells({ columns: [CREATIVE_COLUMN.key, CREATIVE_TEXT_COLUMN.key] });
    this.filter.creativesChanged();
  }

  private applyRows(): void {
    const api = this.api;
    if (!api) return;
    const next = this.latestRows;
    const nextComplete = this.latestComplete;
    if (next === this.appliedRows) {
      this.feed.applied(next);
      return;
    }
    const previous = this.appliedRows;
    const generation = ++this.applying;
    const finish = () => {
      this.appliedRows = next;
      this.appliedComplete = nextComplete;
      this.total = next.length;
      this.pendingAdds.clear();
      this.filter.warm(next);
      this.markAllPainted();
      this.feed.applied(next);
    };
    api.flushAsyncTransactions();
    if (previous && !this.appliedComplete && startsWith(next, previous)) {
      // The newest rows are on screen: the rest goes in below them in slices, the page taking
      // input between slices, instead of one task that replaces every row.
      this.appliedRows = null;
      void (async () => {
        for (let start = previous.length; start < next.length; start += APPEND_SLICE) {
          await this.scheduler.yieldToPage();
          if (generation !== this.applying || api.isDestroyed()) return;
          const add = next.slice(start, start + APPEND_SLICE);
          api.applyTransaction({ add });
          this.total += add.length;
        }
        if (generation === this.applying && !api.isDestroyed()) finish();
      })();
      return;
    }
    api.setGridOption('rowData', next);
    finish();
  }

  private applyHidden(): void {
    const api = this.api;
    if (!api) return;
    const next = new Set<string>(this.latestHidden);
    const show: string[] = [];
    const hide: string[] = [];
    for (const column of DATABASE_COLUMNS) {
      const was = this.appliedHidden.has(column.key);
      const now = next.has(column.key);
      if (was && !now) show.push(column.key);
      else if (!was && now) hide.push(column.key);
    }
    this.appliedHidden = next;
    if (show.length === 0 && hide.length === 0) return;
    if (hide.length > 0) api.setColumnsVisible(hide, false);
    if (show.length > 0) api.setColumnsVisible(show, true);
    this.afterPaint(PERFORMANCE_MARKS.database.columnsToggled);
  }

  /** What passes may have changed (grid-filter.ts): the grid filters its rows again. */
  private filterChanged(): void {
    const api = this.api;
    if (!api) return;
    api.onFilterChanged();
    this.afterPaint(PERFORMANCE_MARKS.database.filtered);
  }

  /** Rows stored after the read: updates for rows the grid has, additions (on top) for the rest. */
  private applyArrivals = (arrived: SearchResult[]): void => {
    const api = this.liveApi();
    if (!api) return;
    const latest = new Map<string, SearchResult>();
    for (const row of arrived) latest.set(row.id, row);
    const add: SearchResult[] = [];
    const update: SearchResult[] = [];
    for (const row of latest.values()) {
      if (api.getRowNode(row.id) || this.pendingAdds.has(row.id)) update.push(row);
      else add.push(row);
    }
    for (const row of add) this.pendingAdds.add(row.id);
    this.total += add.length;
    api.applyTransactionAsync({ add, addIndex: 0, update }, (result) => {
      for (const node of result.add) if (node.id) this.pendingAdds.delete(node.id);
    });
  };

  private markAllPainted(): void {
    if (this.allPainted || !this.appliedComplete) return;
    this.allPainted = true;
    this.afterPaint(PERFORMANCE_MARKS.database.rowsPainted, { rows: this.total });
  }

  // ---------------------------------------------------------------------------------------------

  private liveApi(): GridApiLike | null {
    return this.api && !this.api.isDestroyed() ? this.api : null;
  }

  private afterPaint(mark: string, detail?: unknown): void {
    this.scheduler.frame(() => this.scheduler.mark(mark, detail));
  }
}
