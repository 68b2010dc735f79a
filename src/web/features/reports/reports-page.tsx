/**
 * /app/reports (docs/reports.md#in-the-app): the watch runs' reports, newest first, read from the
 * local database (the same offline). A report opens on a click, or from a link
 * (`?report=<id>`: a push's, the Watches panel's), which scrolls to it and highlights it; opening
 * marks it read. "Mark all read" needs the server: offline it is disabled and says so, as the
 * Watches panel's changes are.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatCount, REPORT_MESSAGES, ROUTES } from '../../../domain/index.ts';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useSyncState } from '../../data/local/local-data.ts';
import { markReportsRead, useLocalReports } from '../../data/local/reports.ts';
import { ReportCard } from './report-card.tsx';
import './reports.css';

export function ReportsPage() {
  const reports = useLocalReports();
  const sync = useSyncState();
  const online = useConnectivity() === 'online';
  const submit = useSubmitWithToast();
  const [params] = useSearchParams();
  const linked = params.get('report');
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(linked ? [linked] : []));
  const [marking, setMarking] = useState(false);

  // a link opens its report, also when the page is open already (a push clicked while here)
  const [lastLinked, setLastLinked] = useState(linked);
  if (linked !== lastLinked) {
    setLastLinked(linked);
    if (linked) setOpened((current) => new Set(current).add(linked));
  }
  const linkedThere = Boolean(linked && reports?.some((report) => report.id === linked));
  useEffect(() => {
    if (linkedThere && linked)
      document.getElementById(`report-${linked}`)?.scrollIntoView?.({ block: 'start' });
  }, [linked, linkedThere]);

  // an opened report is read: marked on the server while online (offline it stays unread here)
  const unreadOpened = (reports ?? [])
    .filter((report) => opened.has(report.id) && report.read_at === '')
    .map((report) => report.id)
    .join(',');
  useEffect(() => {
    if (!online || !unreadOpened) return;
    markReportsRead(unreadOpened.split(',')).catch((error: unknown) =>
      console.warn('[reports] could not mark a report read', error),
    );
  }, [online, unreadOpened]);

  const toggle = useCallback(
    (id: string) =>
      setOpened((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  const unread = (reports ?? []).filter((report) => report.read_at === '');
  async function markAllRead() {
    setMarking(true);
    try {
      await submit(() => markReportsRead(unread.map((report) => report.id)), {
        success: REPORT_MESSAGES.markedRead,
        failed: REPORT_MESSAGES.markReadFailed,
      });
    } finally {
      setMarking(false);
    }
  }

  const firstSyncPending = reports !== undefined && reports.length === 0 && !sync.caughtUp;
  const stuck = sync.phase === 'offline' || sync.phase === 'error';
  let body;
  if (reports === undefined || (firstSyncPending && !stuck)) {
    body = (
      <p className="loading" role="status">
        Loading reports…
      </p>
    );
  } else if (reports.length === 0) {
    body = (
      <div className="notice notice-info report-empty" data-testid="reports-empty">
        <p>{REPORT_MESSAGES.empty}</p>
        <Link className="button button-secondary" to={`${ROUTES.search.path}#watches-title`}>
          Go to Watches
        </Link>
      </div>
    );
  } else {
    body = (
      <ol className="report-list" aria-label="Reports, newest first">
        {reports.map((report) => (
          <ReportCard
            key={report.id}
            report={report}
            open={opened.has(report.id)}
            highlighted={report.id === linked}
            onToggle={toggle}
          />
        ))}
      </ol>
    );
  }

  return (
    <section className="reports-page" aria-labelledby="reports-title">
      <header className="page-header reports-head">
        <div>
          <h1 id="reports-title">Reports</h1>
          <p className="muted">What changed on your watches, each time one ran.</p>
        </div>
        {reports && reports.length > 0 && (
          <div className="reports-actions">
            <p className="muted" data-testid="reports-unread" aria-live="polite">
              {unread.length === 0 ? 'All read' : `${formatCount(unread.length)} unread`}
            </p>
            <button
              type="button"
              className="button button-secondary"
              disabled={!online || marking || unread.length === 0}
              onClick={() => void markAllRead()}
            >
              Mark all read
            </button>
          </div>
        )}
      </header>
      {!online && reports && reports.length > 0 && (
        <p className="offline-hint" role="note" data-testid="reports-read-only">
          {REPORT_MESSAGES.offline}
        </p>
      )}
      {body}
    </section>
  );
}
