import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  buildCsv,
  formatCount,
  MESSAGES,
  PERFORMANCE_MARKS,
  pickFields,
  ROUTES,
  SCOUT_FORM_FIELDS,
  type ScoutPrefill,
  type SearchRun,
} from '../../../domain/index.ts';
import { downloadTextFile } from '../../components/download.ts';
import { useToast } from '../../components/toast.tsx';
import { useSyncState } from '../../data/local/local-data.ts';
import { loadRunResults, useLocalRuns } from '../../data/local/local-reads.ts';
import { FilterPanel } from './filter-panel.tsx';
import { FilterIcon } from '../../components/icons.tsx';
import { HistoryRunCard } from './run-card.tsx';
import { ResultsDialog } from './results-dialog.tsx';
import {
  DEFAULT_HISTORY_FILTERS,
  filterAndSortRuns,
  HISTORY_EXPORT_COLUMNS,
  historyExportFileName,
  type HistoryFilters,
} from './run-history.ts';
import './history.css';

/** Where the panel sits beside the list instead of above it (history.css uses the same width). */
const WIDE_SCREEN = '(min-width: 961px)';
const PANEL_ID = 'history-filters';

function isWideScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches;
}

/** docs/product.md: one run's rows as a CSV file, or an info message when it has none. */
function useRunExport() {
  const toast = useToast();
  return useCallback(
    async (run: SearchRun) => {
      try {
        const rows = await loadRunResults(run.id);
        if (rows.length === 0) {
          toast.info(MESSAGES.noResultsToExport);
          return;
        }
        downloadTextFile(historyExportFileName(run, new Date()), buildCsv(HISTORY_EXPORT_COLUMNS, rows));
        toast.success(MESSAGES.csvExported);
      } catch (error) {
        console.error('[history] export failed', error);
        toast.error(MESSAGES.exportFailed);
      }
    },
    [toast],
  );
}

export function HistoryPage() {
  const runs = useLocalRuns();
  const sync = useSyncState();
  const navigate = useNavigate();
  const exportRun = useRunExport();
  const [filters, setFilters] = useState<HistoryFilters>(() => ({ ...DEFAULT_HISTORY_FILTERS }));
  const [panelOpen, setPanelOpen] = useState(isWideScreen);
  // `?run=<id>` (the link of a finished run's toast or notification) opens that run's results
  const [params, setParams] = useSearchParams();
  const linkedRun = params.get('run');
  const [openedId, setViewingId] = useState<string | null>(null);
  const viewingId = openedId ?? linkedRun;

  const visible = useMemo(() => (runs ? filterAndSortRuns(runs, filters) : []), [runs, filters]);
  const hasCards = visible.length > 0;
  useEffect(() => {
    // For the offline-start benchmark: the first time run cards are on screen.
    if (hasCards) requestAnimationFrame(() => performance.mark(PERFORMANCE_MARKS.history.painted));
  }, [hasCards]);
  const viewing = viewingId ? (runs?.find((run) => run.id === viewingId) ?? null) : null;
  const closeDialog = useCallback(() => {
    setViewingId(null);
    setParams(
      (current) => {
        if (!current.has('run')) return current;
        const next = new URLSearchParams(current);
        next.delete('run');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  const onView = useCallback((run: SearchRun) => setViewingId(run.id), []);
  const onExport = useCallback((run: SearchRun) => void exportRun(run), [exportRun]);
  const onRunAgain = useCallback(
    (run: SearchRun) => {
      const scout: ScoutPrefill = pickFields(run, SCOUT_FORM_FIELDS);
      navigate(ROUTES.search.path, { state: { scout } });
    },
    [navigate],
  );

  // Nothing local yet and the first pull still running: the list is not known yet.
  const firstSyncPending = runs !== undefined && runs.length === 0 && !sync.caughtUp;
  const firstSyncStuck = firstSyncPending && (sync.phase === 'offline' || sync.phase === 'error');

  let body;
  if (runs === undefined || (firstSyncPending && !firstSyncStuck)) {
    body = (
      <p className="loading" role="status">
        Loading search history…
      </p>
    );
  } else if (firstSyncStuck) {
    body =
      sync.phase === 'offline' ? (
        <p className="notice notice-warning" role="status">
          You are offline. Your search history will show here once AdScout can reach the server.
        </p>
      ) : (
        <p className="notice notice-danger" role="alert">
          {MESSAGES.historyLoadFailed}
        </p>
      );
  } else if (runs.length === 0) {
    body = (
      <section className="card history-empty" aria-labelledby="history-empty-title">
        <h2 id="history-empty-title">No searches yet</h2>
        <p className="muted">Every scout you run shows up here, with its results and a CSV export.</p>
        <Link to={ROUTES.search.path} className="button button-primary">
          Start a search
        </Link>
      </section>
    );
  } else {
    body = (
      <>
        <div className="page-toolbar history-toolbar">
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={panelOpen}
            aria-controls={PANEL_ID}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <FilterIcon />
            Filter &amp; Sort
          </button>
          <p className="muted history-count" role="status">
            Showing {formatCount(visible.length)} of {formatCount(runs.length)}{' '}
            {runs.length === 1 ? 'search' : 'searches'}
          </p>
        </div>
        <div className={panelOpen ? 'history-layout history-layout-panel' : 'history-layout'}>
          {panelOpen && (
            <FilterPanel
              id={PANEL_ID}
              filters={filters}
              onChange={(patch) => setFilters((current) => ({ ...current, ...patch }))}
              onClear={() => setFilters({ ...DEFAULT_HISTORY_FILTERS })}
              onHide={() => setPanelOpen(false)}
            />
          )}
          <section className="history-list" aria-label="Searches">
            {visible.length === 0 ? (
              <p className="notice history-no-match">{MESSAGES.noSearchesMatch}</p>
            ) : (
              visible.map((run) => (
                <HistoryRunCard
                  key={run.id}
                  run={run}
                  onView={onView}
                  onExport={onExport}
                  onRunAgain={onRunAgain}
                />
              ))
            )}
          </section>
        </div>
      </>
    );
  }

  return (
    <>
      <header className="page-header">
        <h1>Search History</h1>
        <p>View all your previous ad scouting searches</p>
      </header>
      {body}
      {viewing && <ResultsDialog key={viewing.id} run={viewing} onClose={closeDialog} />}
    </>
  );
}
