/**
 * The Database table: AG Grid Community over every result of the user
 * (docs/local-first.md#what-the-pages-read). Loaded lazily by the page (grid-module.ts), so AG Grid ships in
 * this chunk only.
 *
 * A click on a row (not on a link in it) or Enter on a focused row opens the ad detail view; its
 * up and down arrows walk the rows as the grid shows them (filter and sort), and closing it puts
 * the focus back on the row it shows.
 *
 * The grid is AG Grid's own (createGrid on a host element: grid-setup.ts), not its React wrapper:
 * the wrapper renders every header and row through React, in several passes, and the first rows
 * of a page open came 25–45 ms later with it (interleaved opens of both builds on the project
 * machine). React renders the host and the detail view; every change of the props reaches the
 * grid through its controller (grid-controller.ts), which alone calls the grid's API.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AdDetailDialog } from '../../components/ad-detail-dialog.tsx';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { onCreativesChanged, useArchivedCreative } from '../../data/local/creative-index.ts';
import type { DatabaseGridProps } from './grid-contract.ts';
import { GridController } from './grid-controller.ts';
import type { DetailView } from './grid-detail.ts';
import { createDatabaseGrid } from './grid-setup.ts';

export default function DatabaseGrid({
  rows,
  complete,
  feed,
  hidden,
  filters,
  selection,
  onHandle,
  onCounts,
  onSelected,
  onFirstRowsOnScreen,
}: DatabaseGridProps) {
  const offline = useConnectivity() === 'offline';
  const [detail, setDetail] = useState<DetailView | null>(null);
  // Made once, with the props the grid is made with; later props go to it in the effects below.
  const [initial] = useState(() => ({ rows, hidden }));
  const [controller] = useState(
    () =>
      new GridController({
        rows,
        complete,
        hidden,
        filters,
        selection,
        feed,
        listeners: { onHandle, onCounts, onSelected, onDetail: setDetail },
        onFirstRowsOnScreen,
      }),
  );

  useEffect(() => {
    controller.setListeners({ onHandle, onCounts, onSelected, onDetail: setDetail });
  }, [controller, onHandle, onCounts, onSelected]);

  useEffect(() => {
    controller.setRows(rows, complete);
  }, [controller, rows, complete]);

  useEffect(() => {
    controller.setHidden(hidden);
  }, [controller, hidden]);

  useEffect(() => {
    controller.filter.setFilters(filters);
  }, [controller, filters]);

  useEffect(() => {
    controller.filter.setSelection(selection);
  }, [controller, selection]);

  useEffect(() => onCreativesChanged(() => controller.creativesChanged()), [controller]);
  const archived = useArchivedCreative(detail?.row.creative);

  const hostRef = useRef<HTMLDivElement | null>(null);
  // Made once, before the browser paints the page: the first frame shows the grid with its rows.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const api = createDatabaseGrid(host, controller, initial);
    return () => api.destroy();
  }, [controller, initial]);

  return (
    <div className="database-grid" data-testid="database-grid">
      <div ref={hostRef} className="database-grid-host" />
      {detail && (
        <AdDetailDialog
          row={detail.row}
          archived={archived}
          position={detail.position}
          offline={offline}
          onMove={controller.detail.move}
          onClose={controller.detail.close}
        />
      )}
    </div>
  );
}
