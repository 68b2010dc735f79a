/**
 * /app/database (docs/product.md): every result of the user in one table, with a quick search
 * (the address's `?q=`), Country, Keywords, Store Name and Text on creative filters and a tag picker (the tags picked are the address's
 * `?tag=`, so the AI page links to the rows carrying a tag: docs/ai.md#in-the-database), a column
 * picker remembered per user, and a CSV export of what is shown.
 * The table itself (AG Grid) is loaded lazily, with the page's own code (app.tsx), while the
 * newest rows are read; the page's first render shows both when they are in. The page holds the
 * state and the reads of its rows (row-reads.ts); its toolbar (database-toolbar.tsx) shows and
 * changes the state.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  columnPreferences,
  databasePath,
  databaseQueryOf,
  databaseTagsOf,
  EMPTY_RESULT_FILTERS,
  hasActiveFilters,
  hiddenColumnKeys,
  isTag,
  knownColumnKeys,
  MESSAGES,
  PRODUCT_MESSAGES,
  syncingResultsMessage,
  DATABASE_COLUMNS,
  type DatabaseColumnKey,
  readRowSelection,
  ROUTES,
  type ResultFilters,
} from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { useSyncState } from '../../data/local/local-data.ts';
import {
  readHiddenColumns,
  readShownColumns,
  writeHiddenColumns,
  writeShownColumns,
} from '../../data/browser/preferences.ts';
import { currentSession, useSession } from '../../data/server/session.ts';
import { DatabaseToolbar } from './database-toolbar.tsx';
import type { DatabaseGridHandle, GridCounts } from './grid-contract.ts';
import { loadDatabaseGrid, loadedDatabaseGrid, type GridComponent } from './grid-module.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { RowReads } from './row-reads.ts';
import { TagPicker } from './tag-picker.tsx';
import { tagOptions } from './tag-options.ts';
import { LOCAL_ROW_SOURCE, useResultRows } from './use-result-rows.ts';
import './database.css';

/**
 * The page as its route shows it, made when the route loads this module (app.tsx), with the reads
 * of its rows. Opening /app/database is what loads it: the first read starts now, while the router
 * still waits to show the page (the grid's code was started with this module), and the page takes
 * it when it mounts.
 */
export function createDatabasePage(): () => ReactNode {
  const reads = new RowReads(LOCAL_ROW_SOURCE);
  const session = currentSession();
  if (session && window.location.pathname.startsWith(ROUTES.database.path)) reads.startEarly(session.userId);
  return function DatabaseRoute() {
    return <DatabasePage reads={reads} />;
  };
}

/**
 * The grid's code (AG Grid): already in when the router loaded it with the page, so the first
 * render shows the grid; otherwise fetched when the page mounts. A plain dynamic import rather
 * than React.lazy: a Suspense boundary would hold the grid back for React's fallback throttle
 * (about 300 ms) even when its code is already there.
 */
function useGridComponent(): { Grid: GridComponent | null; failed: boolean } {
  const toast = useToast();
  const [state, setState] = useState<{ Grid: GridComponent | null; failed: boolean }>(() => ({
    Grid: loadedDatabaseGrid(),
    failed: false,
  }));
  useEffect(() => {
    if (state.Grid) return;
    let cancelled = false;
    loadDatabaseGrid().then(
      (Grid) => {
        if (!cancelled) setState({ Grid, failed: false });
      },
      (error: unknown) => {
        console.error('[database] could not load the table', error);
        if (cancelled) return;
        toast.error(MESSAGES.databaseLoadFailed);
        setState({ Grid: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [toast, state.Grid]);
  return state;
}

type Panel = 'filter' | 'columns' | null;

type TextFilterKey = 'country' | 'keywords' | 'storeName' | 'creativeText';

const FILTER_FIELDS: { key: TextFilterKey; label: string }[] = [
  { key: 'country', label: 'Country' },
  { key: 'keywords', label: 'Keywords' },
  { key: 'storeName', label: 'Store Name' },
  { key: 'creativeText', label: 'Text on creative' },
];

export function DatabasePage({ reads }: { reads: RowReads }) {
  const session = useSession();
  return (
    <>
      <header className="page-header">
        <h1>Search Database</h1>
        <p>View all your scouted ad results</p>
      </header>
      {/* Keyed by user: another account's rows, filters and columns never carry over. */}
      {session && <DatabaseView key={session.userId} userId={session.userId} reads={reads} />}
    </>
  );
}

function DatabaseView({ userId, reads }: { userId: string; reads: RowReads }) {
  const sync = useSyncState();
  const { rows, complete, failed, feed } = useResultRows(userId, reads);
  const [textFilters, setFilters] = useState<ResultFilters>(EMPTY_RESULT_FILTERS);
  const [hidden, setHidden] = useState<DatabaseColumnKey[]>(() =>
    hiddenColumnKeys(readHiddenColumns(userId), readShownColumns(userId)),
  );
  const [panel, setPanel] = useState<Panel>(null);
  const [counts, setCounts] = useState<GridCounts | null>(null);
  // rows ticked in the grid's checkbox column: only this count is state here, so a tick
  // re-renders the toolbar, never the grid's cells (the grid keeps the selection: grid-setup.ts)
  const [ticked, setTicked] = useState(0);
  const grid = useRef<DatabaseGridHandle | null>(null);
  // An exact set of rows, opened from the Insights page (row-selection.ts): a chip until removed.
  const location = useLocation();
  const navigate = useNavigate();
  const selection = useMemo(() => readRowSelection(location.state), [location.state]);
  const clearSelection = () =>
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  // The tags picked are the address's (?tag=): the AI page opens the rows carrying one. So is the
  // quick search (?q=), so that a search is kept on reload and can be linked to.
  const tags = useMemo(() => databaseTagsOf(location.search).filter(isTag), [location.search]);
  const query = useMemo(() => databaseQueryOf(location.search), [location.search]);
  const filters = useMemo(() => ({ ...textFilters, tags, query }), [textFilters, tags, query]);
  const setTags = (next: readonly string[]) =>
    void navigate(databasePath(next, query), { replace: true, state: location.state as unknown });
  const setQuery = (next: string) =>
    void navigate(databasePath(tags, next), { replace: true, state: location.state as unknown });
  const pickable = useMemo(
    () => (panel === 'filter' ? tagOptions(rows ?? [], tags) : []),
    [panel, rows, tags],
  );

  const { Grid, failed: gridFailed } = useGridComponent();

  const hiddenSet = useMemo(() => new Set<string>(hidden), [hidden]);
  const filtered = hasActiveFilters(filters) || selection !== null;
  const total = counts?.total ?? rows?.length ?? 0;
  const closePanel = useCallback(() => setPanel(null), []);
  const onHandle = useCallback((handle: DatabaseGridHandle | null) => {
    grid.current = handle;
  }, []);

  const toggleColumn = (key: DatabaseColumnKey, visible: boolean) => {
    const next = visible ? hidden.filter((k) => k !== key) : knownColumnKeys([...hidden, key]);
    setHidden(next);
    const remembered = columnPreferences(next);
    writeHiddenColumns(userId, remembered.hidden);
    writeShownColumns(userId, remembered.shown);
  };

  const firstSync = !sync.caughtUp && total === 0;
  const loadingLine =
    sync.phase === 'offline' ? PRODUCT_MESSAGES.resultsOffline : syncingResultsMessage(sync.pulledRows);

  return (
    <>
      <DatabaseToolbar
        query={query}
        onSearch={setQuery}
        selection={selection}
        onClearSelection={clearSelection}
        onOpenFilter={() => setPanel('filter')}
        onOpenColumns={() => setPanel('columns')}
        exportRows={() => grid.current?.exportRows()}
        counts={counts}
        filtered={filtered}
        ticked={ticked}
        tickedRows={() => grid.current?.selectedRows()}
        onClearTicked={() => grid.current?.clearSelection()}
      />

      {(failed || gridFailed) && (
        <p className="notice notice-danger database-notice" data-testid="database-error">
          {MESSAGES.databaseLoadFailed}. {PRODUCT_MESSAGES.reloadToRetry}
        </p>
      )}
      {rows === null && !failed && (
        <p className="loading" role="status">
          {sync.caughtUp ? PRODUCT_MESSAGES.loadingResults : loadingLine}
        </p>
      )}
      {rows !== null && firstSync && (
        <p className="loading" role="status">
          {loadingLine}
        </p>
      )}
      {rows !== null && counts && sync.caughtUp && counts.total === 0 && (
        <p className="notice database-notice">
          {MESSAGES.noResultsToSee} <Link to={ROUTES.search.path}>Scout winning ads</Link> to fill your
          database.
        </p>
      )}
      {counts && counts.total > 0 && counts.displayed === 0 && filtered && (
        <p className="notice database-notice">{PRODUCT_MESSAGES.noResultsMatchFilters}</p>
      )}

      {rows !== null && !Grid && !gridFailed && <p className="loading">{PRODUCT_MESSAGES.loadingResults}</p>}
      {rows !== null && Grid && (
        <Grid
          rows={rows}
          complete={complete}
          feed={feed}
          hidden={hidden}
          filters={filters}
          selection={selection}
          onHandle={onHandle}
          onCounts={setCounts}
          onSelected={setTicked}
          onFirstRowsOnScreen={reads.firstRowsOnScreen}
        />
      )}

      <SidePanel open={panel === 'filter'} title="Filter" onClose={closePanel} testId="filter-panel">
        <form className="form" onSubmit={(event) => event.preventDefault()}>
          {FILTER_FIELDS.map((field, index) => (
            <div className="field" key={field.key}>
              <label htmlFor={`database-filter-${field.key}`}>{field.label}</label>
              <input
                id={`database-filter-${field.key}`}
                className="input"
                type="text"
                autoComplete="off"
                data-autofocus={index === 0 ? '' : undefined}
                value={textFilters[field.key]}
                onChange={(event) =>
                  setFilters((current) => ({ ...current, [field.key]: event.target.value }))
                }
              />
            </div>
          ))}
          <TagPicker options={pickable} selected={tags} onChange={setTags} />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setFilters(EMPTY_RESULT_FILTERS);
              // the quick search is the toolbar's, in view: it stays
              if (tags.length > 0) setTags([]);
            }}
          >
            Clear Filters
          </button>
        </form>
      </SidePanel>

      <SidePanel
        open={panel === 'columns'}
        title="Toggle Columns"
        onClose={closePanel}
        testId="columns-panel"
      >
        <ul className="column-list">
          {DATABASE_COLUMNS.map((column) => (
            <li key={column.key}>
              <label className="column-toggle">
                <input
                  type="checkbox"
                  checked={!hiddenSet.has(column.key)}
                  onChange={(event) => toggleColumn(column.key, event.target.checked)}
                />
                {column.header}
              </label>
            </li>
          ))}
        </ul>
      </SidePanel>
    </>
  );
}
