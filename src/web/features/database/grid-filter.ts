/**
 * Which rows the Database grid lets through, as AG Grid's external filter: the exact set of rows
 * opened from the Insights page (row-selection.ts), then the Country, Keywords and Store Name
 * needles over each row's lowercase text (filter-text-cache.ts), the tags the row must carry, the
 * words of the text read on its creative (creative-text.ts), and the quick search's words in the
 * row's own text or its creative's (the same creative match as the filter). The grid runs the filter again
 * only when what passes may have changed: new needles, not every keystroke, another selection, or
 * creatives read while the creative's text is filtered on. The grid's controller
 * (grid-controller.ts) owns it and tells the grid, and marks the change.
 */
import {
  carriesTags,
  filterNeedles,
  passesFilters,
  sameNeedles,
  type ResultFilters,
  type ResultNeedles,
  type RowSelection,
  type SearchResult,
} from '../../../domain/index.ts';
import { creativeTextMatches, lowerCreativeTextOf } from './creative-text.ts';
import { FilterTextCache } from './filter-text-cache.ts';

export interface GridFilterOptions {
  filters: ResultFilters;
  /** Only these rows pass, when set. */
  selection: RowSelection | null;
  /** Runs a step when the page is idle (the filter text is made ahead there). */
  idle: (step: () => void) => void;
  /** What passes may have changed: the grid must run the filter again. */
  onChange: () => void;
  /** The lowercase text read on a row's creative ('' when none); creative-text.ts by default. */
  creativeText?: (row: SearchResult) => string;
}

export class GridFilter {
  private readonly text: FilterTextCache;
  private readonly onChange: () => void;
  private readonly creativeText: (row: SearchResult) => string;
  private needles: ResultNeedles | null;
  private selection: RowSelection | null;
  /** The ids of the selection; null: every row passes it. */
  private selectedIds: ReadonlySet<string> | null;

  constructor(options: GridFilterOptions) {
    this.text = new FilterTextCache(options.idle);
    this.onChange = options.onChange;
    this.creativeText = options.creativeText ?? ((row) => lowerCreativeTextOf(row));
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

  /**
   * Creatives were stored or read again (creative-index.ts): rows filtered on their creative's text
   * may pass now, or no longer. Nothing to do while that filter and the quick search are off.
   */
  creativesChanged(): void {
    if (this.needles?.creativeText || this.needles?.query) this.onChange();
  }

  /** Makes the rows' filter text in idle time, before a filter asks for it. */
  warm(rows: readonly SearchResult[]): void {
    this.text.warm(rows);
  }

  isExternalFilterPresent = (): boolean => this.needles !== null || this.selectedIds !== null;

  doesExternalFilterPass = (node: { data?: SearchResult | undefined }): boolean => {
    const { needles, selectedIds } = this;
    const row = node.data;
    if (!row) return true;
    if (selectedIds && !selectedIds.has(row.id)) return false;
    if (!needles) return true;
    return (
      carriesTags(row.tags, needles.tags) &&
      passesFilters(this.text.get(row), needles) &&
      (!needles.creativeText || creativeTextMatches(row, needles.creativeText, this.creativeText)) &&
      (!needles.query ||
        this.text.search(row).includes(needles.query) ||
        creativeTextMatches(row, needles.query, this.creativeText))
    );
  };
}
