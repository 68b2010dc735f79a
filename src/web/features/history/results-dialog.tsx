/**
 * docs/product.md#screens-and-routes: 'Search Results (N)', a modal with a scrollable, sticky-header table of
 * one run's rows (results-table.tsx). A native <dialog> (use-modal-dialog.ts): the rest of the page is inert,
 * Escape, the close button and a click on the backdrop close it, and focus goes back to the button that
 * opened it. Rows that arrive while it is open (a run still working, a sync catching up) are shown as they
 * land (use-run-results.ts).
 *
 * Each row opens the ad detail view, by a click (not on a link) or by Enter; the detail view's arrows follow
 * this list, and closing it focuses the row it showed last (results-navigation.ts).
 */
import { useEffect, useId } from 'react';
import { formatCount, MESSAGES, PRODUCT_MESSAGES, type SearchRun } from '../../../domain/index.ts';
import { AdDetailDialog } from '../../components/ad-detail-dialog.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useModalDialog } from '../../components/use-modal-dialog.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useArchivedCreative } from '../../data/local/creative-index.ts';
import { useResultsNavigation } from './results-navigation.ts';
import { ResultsTable } from './results-table.tsx';
import { useRunResults } from './use-run-results.ts';

export function ResultsDialog({ run, onClose }: { run: SearchRun; onClose: () => void }) {
  const { dialogProps, close } = useModalDialog({ onClose });
  const titleId = useId();
  const toast = useToast();
  const offline = useConnectivity() === 'offline';
  const { rows, failed } = useRunResults(run.id);
  const navigation = useResultsNavigation(rows ?? []);
  const detail = navigation.detail;
  const archived = useArchivedCreative(detail?.row.creative);

  useEffect(() => {
    if (!failed) return;
    toast.error(MESSAGES.resultsLoadFailed);
    close();
  }, [failed, toast, close]);

  return (
    <dialog {...dialogProps} className="modal-dialog results-dialog" aria-labelledby={titleId}>
      <div className="results-dialog-inner">
        <header className="results-dialog-head">
          <div>
            <h2 id={titleId}>Search Results ({rows ? formatCount(rows.length) : '…'})</h2>
            <p className="muted results-dialog-run">{run.search_name}</p>
          </div>
          <button
            type="button"
            className="button button-ghost history-icon-button"
            aria-label="Close"
            title="Close"
            onClick={close}
          >
            <CloseIcon />
          </button>
        </header>
        {rows === undefined ? (
          <p className="loading">{PRODUCT_MESSAGES.loadingResults}</p>
        ) : rows.length === 0 ? (
          <p className="notice notice-info" role="status">
            {MESSAGES.noResultsToSee}
          </p>
        ) : (
          <ResultsTable rows={rows} navigation={navigation} />
        )}
      </div>
      {detail && (
        <AdDetailDialog
          row={detail.row}
          archived={archived}
          position={{ index: detail.index + 1, total: rows?.length ?? 0 }}
          offline={offline}
          onMove={navigation.moveDetail}
          onClose={navigation.closeDetail}
        />
      )}
    </dialog>
  );
}
