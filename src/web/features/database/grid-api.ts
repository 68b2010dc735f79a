/**
 * What the Database grid's controller (grid-controller.ts) needs from the page: the part of AG
 * Grid's GridApi it calls, and the page's clock. Both are interfaces so that its tests run against
 * a fake grid and a clock they step by hand; the page passes the real GridApi and PAGE_SCHEDULER.
 */
import type { SearchResult } from '../../../domain/index.ts';
import { yieldToPage } from '../../components/yield-to-page.ts';

/** A row of the grid, as GridApi's IRowNode gives it. */
export interface GridRowNode {
  readonly id: string | undefined;
  readonly data: SearchResult | undefined;
  /** Its place in the rows shown (filter and sort); null when the filter hides it. */
  readonly rowIndex: number | null;
}

export interface GridTransaction {
  add?: SearchResult[];
  addIndex?: number;
  update?: SearchResult[];
}

/** The part of GridApi the controller calls (each call needs its module: grid-setup.ts). */
export interface GridApiLike {
  isDestroyed(): boolean;
  addEventListener(type: 'gridPreDestroyed', listener: () => void): void;
  setGridOption(key: 'rowData', value: SearchResult[]): void;
  setGridOption(key: 'rowBuffer', value: number): void;
  applyTransaction(transaction: GridTransaction): unknown;
  applyTransactionAsync(
    transaction: GridTransaction,
    callback?: (result: { add: readonly GridRowNode[] }) => void,
  ): void;
  flushAsyncTransactions(): void;
  onFilterChanged(): void;
  setColumnsVisible(keys: string[], visible: boolean): void;
  /** Asks the cells shown in `columns` for their values again (RenderApiModule). */
  refreshCells(params: { columns: string[] }): void;
  getColumn(key: string): { isVisible(): boolean } | null;
  getAllDisplayedColumns(): readonly { getColId(): string }[];
  getRowNode(id: string): GridRowNode | undefined;
  getDisplayedRowAtIndex(index: number): GridRowNode | undefined;
  getDisplayedRowCount(): number;
  forEachNodeAfterFilterAndSort(callback: (node: GridRowNode) => void): void;
  ensureIndexVisible(index: number): void;
  /** The selected rows, shown or not (RowSelectionModule). */
  getSelectedRows(): SearchResult[];
  deselectAll(): void;
  setFocusedCell(rowIndex: number, column: string): void;
}

/** The page's clock as the controller uses it (PAGE_SCHEDULER); tests run their own. */
export interface GridScheduler {
  /** Before the next frame is painted (requestAnimationFrame). */
  frame(callback: () => void): void;
  /** In a task of its own. */
  task(callback: () => void): void;
  /** When the page is idle. */
  idle(callback: () => void): void;
  /** The page's turn: input and rendering run before the caller goes on. */
  yieldToPage(): Promise<void>;
  mark(name: string, detail?: unknown): void;
}

export const PAGE_SCHEDULER: GridScheduler = {
  frame: (callback) => void requestAnimationFrame(callback),
  task: (callback) => void setTimeout(callback),
  idle: (callback) =>
    void (typeof requestIdleCallback === 'function'
      ? requestIdleCallback(callback, { timeout: 1000 })
      : setTimeout(callback, 16)),
  yieldToPage,
  mark: (name, detail) => void performance.mark(name, detail === undefined ? undefined : { detail }),
};
