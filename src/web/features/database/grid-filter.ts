/**
 * Which rows the Database grid lets through, as AG Grid's external filter: the exact set of rows
 * opened from the Insights page (row-selection.ts), then the Country, Keywords and Store Name
 * needles over each row's lowercase text (filter-text-cache.ts). The grid runs the filter again
 * only when what passes may have changed: new needles, not every keystroke, or another selection.
 * The grid's controller (grid-controller.ts) owns it and tells the grid, and marks the change.
 */
import {
  filterNeedles,
  passesFilters,
  type ResultFilters,
  type ResultFilterText,
  type RowSelection,
  type SearchResult,
} from '../../../domain/index.ts';
import { FilterTextCache } from './filter-text-cache.ts';

const sameNeedles = (a: ResultFilterText | null, b: ResultFilterText | null) =>
  a === b ||
  (!!a && !!b && a.country === b.country && a.keywords === b.keywords && a.storeName === b.storeName);

export interface GridFilterOptions {
  filters: ResultFilters;
  /** Only these rows pass, when set. */
  selection: RowSelection | null;
  /** Runs a step when the page is idle (the filter text is made ahead there). */
  idle: (step: () => void) => void;
  /** What passes may have changed: the grid must run the filter again. */
  onChange: () => void;
}

export class GridFilter {
  private readonly text: FilterTextCache;
  private readonly onChange: () => void;
  private needles: ResultFilterText | null;
  private selection: RowSelection | null;
  /** The ids of the selection; null: every row passes it. */
  private selectedIds: ReadonlySet<string> | null;

  constructor(options: GridFilterOptions) {
    this.text = new FilterTextCache(options.idle);
    this.onChange = options.onChange;
    this.needles = filterNeedles(options.filters);
    this.selection = options.selection;
    this.selectedIds = this.selection ? new Set(this.selection.rowIds) : null;
  }

  setFilters(filters: ResultFilters): void {
    const next = filterNeedles(filters);
    if (sameNeedles(next, this.needles)) return;
    this.needles = next;
    this.onChange();
  }

  setSelection(selection: RowSelection | null): void {
    if (selection === this.selection) return;
    this.selection = selection;
    this.selectedIds = selection ? new Set(selection.rowIds) : null;
    this.onChange();
  }

  /** Makes the rows' filter text in idle time, before a filter asks for it. */
  warm(rows: readonly SearchResult[]): void {
    this.text.warm(rows);
  }

  isExternalFilterPresent = (): boolean => this.needles !== null || this.selectedIds !== null;

  doesExternalFilterPass = (node: { data?: SearchResult | undefined }): boolean => {
    const { needles, selectedIds } = this;
    if (!node.data) return true;
    if (selectedIds && !selectedIds.has(node.data.id)) return false;
    return !needles || passesFilters(this.text.get(node.data), needles);
  };
}
