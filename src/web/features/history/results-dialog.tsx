import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import {
  AD_FIELDS,
  formatCount,
  MESSAGES,
  RESULT_LINK_TEXT,
  resultCell,
  type ResultColumnKind,
  type SearchResult,
  type SearchRun,
} from '../../../domain/index.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { loadRunResults, onResultsStored } from '../../data/local-data.ts';

/**
 * One cell of an ad, as the Database grid shows it (result-display). Ad text is third-party data
 * (invariant 8): it only ever becomes React text nodes, and only http(s) URLs become links.
 */
function AdCell({ kind, value }: { kind: ResultColumnKind; value: unknown }) {
  const cell = resultCell(kind, value);
  if (cell.link !== undefined) {
    return (
      <ExternalLink href={cell.link} showIcon={false}>
        {RESULT_LINK_TEXT}
      </ExternalLink>
    );
  }
  return <>{cell.text}</>;
}

/**
 * SPEC §2: 'Search Results (N)', a modal with a scrollable, sticky-header table of one run's
 * rows. A native <dialog> opened with showModal(): the rest of the page is inert, Escape and the
 * close button close it, and focus goes back to the button that opened it. Rows that arrive
 * while it is open (a run still working, a sync catching up) are shown as they land.
 */
export function ResultsDialog({ run, onClose }: { run: SearchRun; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const toast = useToast();
  const [rows, setRows] = useState<SearchResult[] | undefined>(undefined);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    let active = true;
    let latest = 0;
    const load = () => {
      const ticket = ++latest;
      loadRunResults(run.id).then(
        (loaded) => {
          if (active && ticket === latest) setRows(loaded);
        },
        (error: unknown) => {
          if (!active) return;
          console.error('[history] could not load results', error);
          toast.error(MESSAGES.resultsLoadFailed);
          onClose();
        },
      );
    };
    load();
    const stop = onResultsStored((stored) => {
      if (stored.some((row) => row.run === run.id)) load();
    });
    return () => {
      active = false;
      stop();
    };
  }, [run.id, toast, onClose]);

  // A click on the backdrop lands on the <dialog> itself (its content fills it): close.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  };

  return (
    <dialog
      ref={dialogRef}
      className="results-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={onBackdropClick}
    >
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
            onClick={() => dialogRef.current?.close()}
          >
            <CloseIcon />
          </button>
        </header>
        {rows === undefined ? (
          <p className="loading">Loading results…</p>
        ) : rows.length === 0 ? (
          <p className="notice notice-info" role="status">
            {MESSAGES.noResultsToSee}
          </p>
        ) : (
          <div className="results-scroll" role="region" aria-label="Results table" tabIndex={0}>
            <table className="results-table">
              <thead>
                <tr>
                  {AD_FIELDS.map((field) => (
                    <th key={field.key} scope="col">
                      {field.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    {AD_FIELDS.map((field) => (
                      <td key={field.key} className={`cell-${field.kind}`}>
                        <AdCell kind={field.kind} value={row[field.key]} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </dialog>
  );
}
