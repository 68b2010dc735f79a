import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  AD_FIELDS,
  formatCount,
  MESSAGES,
  RESULT_LINK_TEXT,
  resultCell,
  resultValue,
  type ResultColumnKind,
  type SearchResult,
  type SearchRun,
} from '../../../domain/index.ts';
import { AdDetailDialog } from '../../components/ad-detail-dialog.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useArchivedCreative } from '../../data/local/creative-index.ts';
import { onResultsStored } from '../../data/local/local-data.ts';
import { loadRunResults } from '../../data/local/local-reads.ts';

/**
 * One cell of an ad, as the Database grid shows it (result-display). Ad text is third-party data
 * (docs/invariants.md#invariant-8-ad-text-is-data): it only ever becomes React text nodes, and only http(s)
 * URLs become links. Text is clamped to two lines (the detail view has all of it), so a screen holds many
 * rows.
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
  return kind === 'text' && cell.text ? <span className="cell-clamp">{cell.text}</span> : <>{cell.text}</>;
}

/**
 * docs/product.md#screens-and-routes: 'Search Results (N)', a modal with a scrollable, sticky-header table of
 * one run's rows. A native <dialog> opened with showModal(): the rest of the page is inert, Escape and the
 * close button close it, and focus goes back to the button that opened it. Rows that arrive
 * while it is open (a run still working, a sync catching up) are shown as they land.
 *
 * Each row opens the ad detail view, by a click (not on a link) or by Enter: the rows are one
 * tab stop, walked with the up and down arrows (Home and End jump); the detail view's arrows
 * follow this list, and closing it focuses the row it showed last.
 */
export function ResultsDialog({ run, onClose }: { run: SearchRun; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const toast = useToast();
  const [rows, setRows] = useState<SearchResult[] | undefined>(undefined);
  const offline = useConnectivity() === 'offline';
  /** The row that holds the table's tab stop, and the one the detail view shows. */
  const [activeId, setActiveId] = useState<string | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());

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

  const focusRow = useCallback((id: string) => {
    setActiveId(id);
    const row = rowRefs.current.get(id);
    row?.focus();
    row?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const list = rows ?? [];
  const tabStop = list.some((row) => row.id === activeId) ? activeId : (list[0]?.id ?? null);
  const detailIndex = detailId ? list.findIndex((row) => row.id === detailId) : -1;
  const detailRow = detailIndex >= 0 ? list[detailIndex] : undefined;
  const archived = useArchivedCreative(detailRow?.creative);

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return; // a link in the row handles its own keys
    const to = (i: number) => {
      const row = list[Math.max(0, Math.min(list.length - 1, i))];
      if (row) focusRow(row.id);
      event.preventDefault();
    };
    if (event.key === 'ArrowDown') to(index + 1);
    else if (event.key === 'ArrowUp') to(index - 1);
    else if (event.key === 'Home') to(0);
    else if (event.key === 'End') to(list.length - 1);
    else if (event.key === 'Enter') {
      // no keypress after this: the Enter must not also press the detail view's focused button
      event.preventDefault();
      setDetailId(list[index]?.id ?? null);
    }
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    const target = event.target;
    if (target instanceof Element && target.closest('a')) return; // a Link cell opens its link
    if (!(window.getSelection()?.isCollapsed ?? true)) return; // a click that ends a selection
    setActiveId(id);
    setDetailId(id);
  };

  const moveDetail = (delta: -1 | 1) => {
    const next = list[detailIndex + delta];
    if (detailIndex < 0 || !next) return;
    setDetailId(next.id);
    setActiveId(next.id);
    rowRefs.current.get(next.id)?.scrollIntoView?.({ block: 'nearest' });
  };

  const closeDetail = () => {
    const id = detailId;
    setDetailId(null);
    if (id) focusRow(id);
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog results-dialog"
      aria-labelledby={titleId}
      onClose={(event) => {
        // React passes a nested dialog's close (the detail view's) up its tree: not ours
        if (event.target === event.currentTarget) onClose();
      }}
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
              <caption className="visually-hidden">
                Click a row, or press Enter on it, to see the ad; the up and down arrows move between rows.
              </caption>
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
                {rows.map((row, index) => (
                  <tr
                    key={row.id}
                    ref={(element) => {
                      if (element) rowRefs.current.set(row.id, element);
                      else rowRefs.current.delete(row.id);
                    }}
                    tabIndex={row.id === tabStop ? 0 : -1}
                    data-testid="result-row"
                    onFocus={(event) => {
                      if (event.target === event.currentTarget) setActiveId(row.id);
                    }}
                    onKeyDown={(event) => onRowKeyDown(event, index)}
                    onClick={(event) => onRowClick(event, row.id)}
                  >
                    {AD_FIELDS.map((field) => (
                      <td key={field.key} className={`cell-${field.kind}`}>
                        <AdCell kind={field.kind} value={resultValue(row, field.key)} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {detailRow && (
        <AdDetailDialog
          row={detailRow}
          archived={archived}
          position={{ index: detailIndex + 1, total: list.length }}
          offline={offline}
          onMove={moveDetail}
          onClose={closeDetail}
        />
      )}
    </dialog>
  );
}
