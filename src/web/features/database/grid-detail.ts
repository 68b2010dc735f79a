/**
 * The ad detail view's walk through the Database grid: the row it shows and that row's place in
 * the grid's rows, the previous and next rows as the grid shows them now (its filter and sort),
 * scrolled into view, and on close the focus back on the row, in the column of the cell that
 * opened the view (the first column shown when that one was hidden meanwhile).
 */
import { CREATIVE_COLUMN, type SearchResult } from '../../../domain/index.ts';
import type { AdDetailPosition } from '../../components/ad-detail-dialog.tsx';
import type { GridApiLike } from './grid-api.ts';

/** What the detail view shows: its row and where the row is in the grid's rows. */
export interface DetailView {
  row: SearchResult;
  position: AdDetailPosition | null;
}

export class GridDetail {
  private readonly api: () => GridApiLike | null;
  private readonly onChange: (view: DetailView | null) => void;
  private row: SearchResult | null = null;
  /** The column of the cell that opened the view. */
  private column: string = CREATIVE_COLUMN.key;

  /** `api`: the live grid, if any; `onChange`: the view opened, moved to another row or closed (null). */
  constructor(api: () => GridApiLike | null, onChange: (view: DetailView | null) => void) {
    this.api = api;
    this.onChange = onChange;
  }

  /** Opens the view on `row`, from its cell in `column`. */
  open(row: SearchResult, column: string): void {
    this.column = column;
    this.show(row);
  }

  /** Shows the previous (-1) or next (+1) row, if the grid shows one there. */
  move = (delta: -1 | 1): void => {
    const api = this.api();
    const node = api && this.row ? api.getRowNode(this.row.id) : undefined;
    if (!api || !node || node.rowIndex === null) return;
    const next = api.getDisplayedRowAtIndex(node.rowIndex + delta);
    if (!next?.data || next.rowIndex === null) return;
    api.ensureIndexVisible(next.rowIndex);
    this.show(next.data);
  };

  close = (): void => {
    const api = this.api();
    const row = this.row;
    this.show(null);
    const node = api && row ? api.getRowNode(row.id) : undefined;
    if (!api || !node || node.rowIndex === null) return;
    api.ensureIndexVisible(node.rowIndex);
    const column = api.getColumn(this.column)?.isVisible()
      ? this.column
      : api.getAllDisplayedColumns()[0]?.getColId();
    if (column) api.setFocusedCell(node.rowIndex, column);
  };

  private show(row: SearchResult | null): void {
    const api = this.api();
    const node = row && api ? api.getRowNode(row.id) : undefined;
    const position =
      api && node && node.rowIndex !== null
        ? { index: node.rowIndex + 1, total: api.getDisplayedRowCount() }
        : null;
    this.row = row;
    this.onChange(row ? { row, position } : null);
  }
}
