/**
 * The Database table: AG Grid Community over every result of the user (ARCHITECTURE §7). Loaded
 * lazily by the page, so AG Grid ships in this chunk only.
 *
 * Built for 50,000 rows: plain text cells (the grid writes values as text, never as HTML), value
 * formatters rather than renderers (only the Creative thumbnail and the three Link columns have
 * one, a light DOM one; thumbnails are small lazy images that only rows which stay on screen
 * load: grid-columns.ts), the filters as an external filter over a lowercase copy of three fields
 * made once per row, new rows as async transactions, and no hover highlight or row animation.
 *
 * A click on a row (not on a link in it) or Enter on a focused row opens the ad detail view; its
 * up and down arrows walk the rows as the grid shows them (filter and sort), and closing it puts
 * the focus back on the row it shows.
 *
 * The grid is AG Grid's own (createGrid on a host element), not its React wrapper: the wrapper
 * renders every header and row through React, in several passes, and the first rows of a page
 * open came 25–45 ms later with it (interleaved opens of both builds on the project machine).
 * React renders the page around the grid; the grid takes every change through its API.
 */
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  createGrid,
  EventApiModule,
  ExternalFilterModule,
  RowApiModule,
  ScrollApiModule,
  themeQuartz,
  ValidationModule,
  type CellClickedEvent,
  type CellKeyDownEvent,
  type FirstDataRenderedEvent,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type IRowNode,
  type Module,
} from 'ag-grid-community';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  CREATIVE_COLUMN,
  DATABASE_COLUMNS,
  filterNeedles,
  passesFilters,
  resultColumn,
  resultFilterText,
  type ResultColumn,
  type ResultFilterText,
  type SearchResult,
} from '../../../domain/index.ts';
import { AdDetailDialog, type AdDetailPosition } from '../../components/ad-detail-dialog.tsx';
import { yieldToPage } from '../../components/yield-to-page.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { DEFAULT_COL_DEF, gridColumnDefs } from './grid-columns.ts';
import type { DatabaseGridProps } from './grid-contract.ts';
import { firstRowsOnScreen } from './use-result-rows.ts';

// Every grid API the code calls needs its module; a missing one is only a console error (#200),
// which the e2e console-error guard fails on. EventApiModule: api.addEventListener, which
// disconnects the row feed and clears the export handle when the page closes. ScrollApiModule:
// api.ensureIndexVisible, which keeps the row the detail view shows in view.
const MODULES: Module[] = [
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  RowApiModule,
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

/** Lowercase Country, Keywords and Store Name of each row, made the first time a filter asks. */
const FILTER_TEXT = new WeakMap<SearchResult, ResultFilterText>();

function filterText(row: SearchResult): ResultFilterText {
  let text = FILTER_TEXT.get(row);
  if (!text) {
    text = resultFilterText(row);
    FILTER_TEXT.set(row, text);
  }
  return text;
}

const WARM_CHUNK = 5000;

/**
 * Makes the filter text of every row in idle time after the rows are shown, a few thousand rows
 * at a time, so the first keystroke in a filter does not pay for it.
 */
function warmFilterText(rows: readonly SearchResult[]): void {
  let next = 0;
  const schedule = (step: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(step, { timeout: 1000 })
      : setTimeout(step, 16);
  const step = () => {
    const end = Math.min(rows.length, next + WARM_CHUNK);
    for (; next < end; next++) filterText(rows[next] as SearchResult);
    if (next < rows.length) schedule(step);
  };
  schedule(step);
}

const sameNeedles = (a: ResultFilterText | null, b: ResultFilterText | null) =>
  a === b ||
  (!!a && !!b && a.country === b.country && a.keywords === b.keywords && a.storeName === b.storeName);

const afterPaint = (mark: string, detail?: unknown) =>
  requestAnimationFrame(() => performance.mark(mark, detail === undefined ? undefined : { detail }));

/**
 * Rows the grid keeps rendered beyond the screen, for a smooth scroll (AG Grid's default). The
 * first frame renders only the rows on screen (about 14 rather than 24: measured 10 ms less to make
 * the grid on this machine); the buffer is added once they are painted.
 */
const ROW_BUFFER = 10;

/** Rows added per grid transaction when the rest comes in after the newest rows. */
const APPEND_SLICE = 5000;

/** Whether `rows` begins with the rows of `head`, in the same order. */
function startsWith(rows: readonly SearchResult[], head: readonly SearchResult[]): boolean {
  if (head.length > rows.length) return false;
  for (let i = 0; i < head.length; i++) if (rows[i]!.id !== head[i]!.id) return false;
  return true;
}

export default function DatabaseGrid({
  rows,
  complete,
  feed,
  hidden,
  filters,
  onHandle,
  onCounts,
}: DatabaseGridProps) {
  const apiRef = useRef<GridApi<SearchResult> | null>(null);
  const [initialRows] = useState(rows);
  const [columnDefs] = useState(() => gridColumnDefs(hidden));

  // Latest props, read by the grid's callbacks; each `applied*` is what the grid shows now.
  const latestRows = useRef({ rows, complete });
  /** What the grid holds; null while the rest of the rows is being added. */
  const appliedRows = useRef<SearchResult[] | null>(initialRows);
  const appliedComplete = useRef(complete);
  /** Bumped by every change of rows: an addition in progress stops when it is not current. */
  const applying = useRef(0);
  const allPainted = useRef(false);
  const latestHidden = useRef(hidden);
  const appliedHidden = useRef(new Set<string>(hidden));
  const needles = useRef<ResultFilterText | null>(filterNeedles(filters));
  const latestFilters = useRef(filters);
  const total = useRef(initialRows.length);
  /** Ids in async transactions not applied yet: a second arrival of one is an update. */
  const pendingAdds = useRef(new Set<string>());
  const callbacks = useRef({ onHandle, onCounts });

  const reportCounts = useCallback(() => {
    const api = apiRef.current;
    if (!api || api.isDestroyed()) return;
    callbacks.current.onCounts({ displayed: api.getDisplayedRowCount(), total: total.current });
  }, []);

  const markAllPainted = useCallback(() => {
    if (allPainted.current || !appliedComplete.current) return;
    allPainted.current = true;
    afterPaint('adscout:database-rows-painted', { rows: total.current });
  }, []);

  const applyRows = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const { rows: next, complete: nextComplete } = latestRows.current;
    if (next === appliedRows.current) {
      feed.applied(next);
      return;
    }
    const previous = appliedRows.current;
    const generation = ++applying.current;
    const finish = () => {
      appliedRows.current = next;
      appliedComplete.current = nextComplete;
      total.current = next.length;
      pendingAdds.current.clear();
      warmFilterText(next);
      markAllPainted();
      feed.applied(next);
    };
    api.flushAsyncTransactions();
    if (previous && !appliedComplete.current && startsWith(next, previous)) {
      // The newest rows are on screen: the rest goes in below them in slices, the page taking
      // input between slices, instead of one task that replaces every row.
      appliedRows.current = null;
      void (async () => {
        for (let start = previous.length; start < next.length; start += APPEND_SLICE) {
          await yieldToPage();
          if (generation !== applying.current || api.isDestroyed()) return;
          const add = next.slice(start, start + APPEND_SLICE);
          api.applyTransaction({ add });
          total.current += add.length;
        }
        if (generation === applying.current && !api.isDestroyed()) finish();
      })();
      return;
    }
    api.setGridOption('rowData', next);
    finish();
  }, [feed, markAllPainted]);

  const applyHidden = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const next = new Set<string>(latestHidden.current);
    const show: string[] = [];
    const hide: string[] = [];
    for (const column of DATABASE_COLUMNS) {
      const was = appliedHidden.current.has(column.key);
      const now = next.has(column.key);
      if (was && !now) show.push(column.key);
      else if (!was && now) hide.push(column.key);
    }
    appliedHidden.current = next;
    if (show.length === 0 && hide.length === 0) return;
    if (hide.length > 0) api.setColumnsVisible(hide, false);
    if (show.length > 0) api.setColumnsVisible(show, true);
    afterPaint('adscout:database-columns-toggled');
  }, []);

  const applyFilters = useCallback(() => {
    const next = filterNeedles(latestFilters.current);
    if (sameNeedles(next, needles.current)) return;
    needles.current = next;
    const api = apiRef.current;
    if (!api) return;
    api.onFilterChanged();
    afterPaint('adscout:database-filtered');
  }, []);

  /** Rows stored after the read: updates for rows the grid has, additions (on top) for the rest. */
  const applyArrivals = useCallback((arrived: SearchResult[]) => {
    const api = apiRef.current;
    if (!api || api.isDestroyed()) return;
    const latest = new Map<string, SearchResult>();
    for (const row of arrived) latest.set(row.id, row);
    const add: SearchResult[] = [];
    const update: SearchResult[] = [];
    for (const row of latest.values()) {
      if (api.getRowNode(row.id) || pendingAdds.current.has(row.id)) update.push(row);
      else add.push(row);
    }
    for (const row of add) pendingAdds.current.add(row.id);
    total.current += add.length;
    api.applyTransactionAsync({ add, addIndex: 0, update }, (result) => {
      for (const node of result.add) if (node.id) pendingAdds.current.delete(node.id);
    });
  }, []);

  useEffect(() => {
    callbacks.current = { onHandle, onCounts };
  }, [onHandle, onCounts]);

  useEffect(() => {
    latestRows.current = { rows, complete };
    applyRows();
  }, [rows, complete, applyRows]);

  useEffect(() => {
    latestHidden.current = hidden;
    applyHidden();
  }, [hidden, applyHidden]);

  useEffect(() => {
    latestFilters.current = filters;
    applyFilters();
  }, [filters, applyFilters]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<SearchResult>) => {
      apiRef.current = event.api;
      applyRows();
      applyHidden();
      applyFilters();
      const disconnect = feed.connect(applyArrivals);
      const api = event.api;
      api.addEventListener('gridPreDestroyed', () => {
        disconnect();
        callbacks.current.onHandle(null);
      });
      callbacks.current.onHandle({
        exportRows() {
          const columns: ResultColumn[] = [];
          for (const column of api.getAllDisplayedColumns()) {
            const known = resultColumn(column.getColId());
            if (known) columns.push(known);
          }
          const exported: SearchResult[] = [];
          api.forEachNodeAfterFilterAndSort((node) => {
            if (node.data) exported.push(node.data);
          });
          return { rows: exported, columns };
        },
      });
      reportCounts();
    },
    [feed, applyRows, applyHidden, applyFilters, applyArrivals, reportCounts],
  );

  const onFirstDataRendered = useCallback(
    (event: FirstDataRenderedEvent<SearchResult>) => {
      afterPaint('adscout:database-first-rows-painted', { rows: total.current });
      // after this frame's paint: the rows below the screen, then the full read of the rows may
      // take the page's thread
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (!event.api.isDestroyed()) event.api.setGridOption('rowBuffer', ROW_BUFFER);
          firstRowsOnScreen();
        }),
      );
      markAllPainted();
      if (appliedRows.current) warmFilterText(appliedRows.current);
    },
    [markAllPainted],
  );

  const isExternalFilterPresent = useCallback(() => needles.current !== null, []);
  const doesExternalFilterPass = useCallback((node: IRowNode<SearchResult>) => {
    const current = needles.current;
    return !current || !node.data || passesFilters(filterText(node.data), current);
  }, []);

  useEffect(
    () => () => {
      apiRef.current = null;
    },
    [],
  );

  // --- the ad detail view ---------------------------------------------------------------------

  const offline = useConnectivity() === 'offline';
  const [detail, setDetail] = useState<{ row: SearchResult; position: AdDetailPosition | null } | null>(null);
  const detailRef = useRef(detail);
  /** The column of the cell that opened the view: the same cell of the row gets the focus back. */
  const detailColumn = useRef<string>(CREATIVE_COLUMN.key);

  const showDetail = useCallback((row: SearchResult | null) => {
    const api = apiRef.current;
    const node = row && api && !api.isDestroyed() ? api.getRowNode(row.id) : null;
    const position =
      api && node && node.rowIndex !== null
        ? { index: node.rowIndex + 1, total: api.getDisplayedRowCount() }
        : null;
    const next = row ? { row, position } : null;
    detailRef.current = next;
    setDetail(next);
  }, []);

  const openDetail = useCallback(
    (row: SearchResult, colId: string) => {
      detailColumn.current = colId;
      showDetail(row);
    },
    [showDetail],
  );

  /** A click on a row opens its ad, but not a click on a link in it or one that ends a selection. */
  const onCellClicked = useCallback(
    (event: CellClickedEvent<SearchResult>) => {
      const target = event.event?.target;
      if (!event.data || (target instanceof Element && target.closest('a'))) return;
      if (!(window.getSelection()?.isCollapsed ?? true)) return;
      openDetail(event.data, event.column.getColId());
    },
    [openDetail],
  );

  const onCellKeyDown = useCallback(
    (event: CellKeyDownEvent<SearchResult>) => {
      const key = event.event;
      if (!(key instanceof KeyboardEvent) || key.key !== 'Enter' || !event.data) return;
      if (key.target instanceof Element && key.target.closest('a')) return; // Enter on a link follows it
      // no keypress after this: the Enter must not also press the dialog's focused button
      key.preventDefault();
      openDetail(event.data, event.column.getColId());
    },
    [openDetail],
  );

  /** The previous or next row as the grid shows them now (its filter and sort). */
  const moveDetail = useCallback(
    (delta: -1 | 1) => {
      const api = apiRef.current;
      const current = detailRef.current;
      if (!api || api.isDestroyed() || !current) return;
      const node = api.getRowNode(current.row.id);
      if (!node || node.rowIndex === null) return;
      const next = api.getDisplayedRowAtIndex(node.rowIndex + delta);
      if (!next?.data || next.rowIndex === null) return;
      api.ensureIndexVisible(next.rowIndex);
      showDetail(next.data);
    },
    [showDetail],
  );

  /** Closed: the focus goes to the row the view showed last, in the column that opened it. */
  const closeDetail = useCallback(() => {
    const api = apiRef.current;
    const current = detailRef.current;
    showDetail(null);
    if (!api || api.isDestroyed() || !current) return;
    const node = api.getRowNode(current.row.id);
    if (!node || node.rowIndex === null) return;
    api.ensureIndexVisible(node.rowIndex);
    const column = api.getColumn(detailColumn.current)?.isVisible()
      ? detailColumn.current
      : api.getAllDisplayedColumns()[0]?.getColId();
    if (column) api.setFocusedCell(node.rowIndex, column);
  }, [showDetail]);

  // --- the grid itself ------------------------------------------------------------------------

  const hostRef = useRef<HTMLDivElement | null>(null);
  // Made once, before the browser paints the page: the first frame shows the grid with its rows.
  // The options are its initial state; the callbacks read the latest props through refs.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const api = createGrid<SearchResult>(
      host,
      {
        theme: THEME,
        rowData: initialRows,
        columnDefs,
        defaultColDef: DEFAULT_COL_DEF,
        getRowId,
        isExternalFilterPresent,
        doesExternalFilterPass,
        suppressRowHoverHighlight: true,
        animateRows: false,
        rowBuffer: 0,
        suppressNoRowsOverlay: true,
        enableCellTextSelection: true,
        onGridReady,
        onFirstDataRendered,
        onModelUpdated: reportCounts,
        onCellClicked,
        onCellKeyDown,
      },
      { modules: MODULES },
    );
    return () => api.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made once; later changes go through the grid's API
  }, []);

  return (
    <div className="database-grid" data-testid="database-grid">
      <div ref={hostRef} className="database-grid-host" />
      {detail && (
        <AdDetailDialog
          row={detail.row}
          position={detail.position}
          offline={offline}
          onMove={moveDetail}
          onClose={closeDetail}
        />
      )}
    </div>
  );
}
