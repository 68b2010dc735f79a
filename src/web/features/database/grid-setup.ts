/**
 * How the Database grid is made: AG Grid's own createGrid on a host element, its modules, theme
 * and options, every grid event wired to the grid's controller (grid-controller.ts).
 *
 * Built for 50,000 rows: plain text cells (the grid writes values as text, never as HTML), value
 * formatters rather than renderers (grid-columns.ts), the filters as an external filter, the rows
 * on screen only in the first frame, and no hover highlight or row animation.
 */
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  createGrid,
  EventApiModule,
  ExternalFilterModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  SELECTION_COLUMN_ID,
  themeQuartz,
  ValidationModule,
  type CellClickedEvent,
  type CellKeyDownEvent,
  type GetRowIdParams,
  type GridApi,
  type Module,
  type RowSelectionOptions,
  type SelectionColumnDef,
} from 'ag-grid-community';
import type { SearchResult } from '../../../domain/index.ts';
import { DEFAULT_COL_DEF, gridColumnDefs, noteGridScroll } from './grid-columns.ts';
import type { GridController } from './grid-controller.ts';
import { SelectAllHeader } from './grid-select-all.ts';

// Every grid API the code calls needs its module; a missing one is only a console error (#200),
// which the e2e console-error guard fails on. EventApiModule: api.addEventListener, which
// disconnects the row feed and clears the export handle when the page closes. ScrollApiModule:
// api.ensureIndexVisible, which keeps the row the detail view shows in view. RenderApiModule:
// api.refreshCells, when the archived creatives change. RowSelectionModule: the checkbox column,
// api.getSelectedRows, selectAll and deselectAll.
const MODULES: Module[] = [
  ClientSideRowModelModule,
  RenderApiModule,
  ClientSideRowModelApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  ColumnApiModule,
  EventApiModule,
  ExternalFilterModule,
  CellStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

const THEME = themeQuartz.withParams({
  accentColor: '#1d4ed8',
  foregroundColor: '#0b1424',
  headerBackgroundColor: '#eef2f7',
  headerFontWeight: 600,
  fontFamily: 'inherit',
  fontSize: 14,
  wrapperBorderRadius: 12,
  borderColor: '#dbe2ea',
});

const getRowId = (params: GetRowIdParams<SearchResult>) => params.data.id;

/**
 * Rows are selected by their checkbox or Space on a focused row (AG Grid's), never by a click on
 * the row, which opens its ad. The header's checkbox is ours (grid-select-all.ts): the rows shown.
 * Rows are kept by id (getRowId), so a selected row stays selected through the sync's
 * transactions and a new read; only a row that leaves the grid leaves the selection.
 */
const ROW_SELECTION: RowSelectionOptions<SearchResult> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: false,
  enableClickSelection: false,
};

const SELECTION_COLUMN: SelectionColumnDef = {
  headerComponent: SelectAllHeader,
  width: 48,
  minWidth: 48,
  maxWidth: 48,
  resizable: false,
  sortable: false,
  suppressMovable: true,
  headerClass: 'select-header',
  cellClass: 'select-cell',
};

/**
 * A click on a row opens its ad, but not a click on its checkbox's cell, on a link in it, or one
 * that ends a text selection.
 */
function clickOpensDetail(event: CellClickedEvent<SearchResult>): boolean {
  const target = event.event?.target;
  if (!event.data || event.column.getColId() === SELECTION_COLUMN_ID) return false;
  if (target instanceof Element && target.closest('a')) return false;
  return window.getSelection()?.isCollapsed ?? true;
}

/** Enter on a row opens its ad, but Enter on a link in it follows the link. */
function keyOpensDetail(event: CellKeyDownEvent<SearchResult>): boolean {
  const key = event.event;
  if (!(key instanceof KeyboardEvent) || key.key !== 'Enter' || !event.data) return false;
  if (key.target instanceof Element && key.target.closest('a')) return false;
  // no keypress after this: the Enter must not also press the dialog's focused button
  key.preventDefault();
  return true;
}

/**
 * Makes the grid in `host` with `rows` and the columns not `hidden`; from then on the controller
 * takes every change through the grid's API.
 */
export function createDatabaseGrid(
  host: HTMLElement,
  controller: GridController,
  initial: { rows: SearchResult[]; hidden: readonly string[] },
): GridApi<SearchResult> {
  // A native scroll inside the grid counts at once: the grid's own bodyScroll event comes in its
  // next animation frame, and a thumbnail must not start in between. Adding the same listener to
  // the same host again is a no-op.
  host.addEventListener('scroll', noteGridScroll, { capture: true, passive: true });
  return createGrid<SearchResult>(
    host,
    {
      theme: THEME,
      rowData: initial.rows,
      columnDefs: gridColumnDefs(initial.hidden),
      defaultColDef: DEFAULT_COL_DEF,
      getRowId,
      rowSelection: ROW_SELECTION,
      selectionColumnDef: SELECTION_COLUMN,
      onSelectionChanged: controller.selectionChanged,
      isExternalFilterPresent: controller.filter.isExternalFilterPresent,
      doesExternalFilterPass: controller.filter.doesExternalFilterPass,
      suppressRowHoverHighlight: true,
      animateRows: false,
      // the rows on screen only, in the first frame; the controller adds ROW_BUFFER once painted
      rowBuffer: 0,
      suppressNoRowsOverlay: true,
      enableCellTextSelection: true,
      onGridReady: (event) => controller.attach(event.api),
      onBodyScroll: noteGridScroll,
      onFirstDataRendered: (event) => controller.firstDataRendered(event.api),
      onModelUpdated: controller.reportCounts,
      onCellClicked: (event: CellClickedEvent<SearchResult>) => {
        if (event.data && clickOpensDetail(event))
          controller.detail.open(event.data, event.column.getColId());
      },
      onCellKeyDown: (event: CellKeyDownEvent<SearchResult>) => {
        if (event.data && keyOpensDetail(event)) controller.detail.open(event.data, event.column.getColId());
      },
    },
    { modules: MODULES },
  );
}
