/**
 * A report's lists (report-card.tsx): its ads (a click opens the ad detail view), its products
 * gaining stores and stores adding ads (a click opens the Database page filtered to their ads,
 * with the chip Insights uses: row-selection.ts). Each list shows the items the report kept and
 * "+N more" where the true count is larger. Store names and titles are the Ad Library's text:
 * rendered as text, never markup.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  formatCount,
  MESSAGES,
  moreText,
  productSelectionState,
  ROUTES,
  storeSelectionState,
  type ReportAdItem,
  type ReportProductItem,
  type ReportStoreItem,
  type SearchResult,
} from '../../../domain/index.ts';
import { AdDetailDialog } from '../../components/ad-detail-dialog.tsx';
import { creativeStill, chooseCreative } from '../../components/creative.ts';
import { CreativeThumb } from '../../components/creative-thumb.tsx';
import { useToast } from '../../components/toast.tsx';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useArchivedCreative } from '../../data/local/creative-index.ts';
import { rowIdsOfAds } from '../../data/local/reports.ts';

function ListHead({ title, total }: { title: string; total: number }) {
  return (
    <h3 className="report-list-title">
      {title} <span className="muted">({formatCount(total)})</span>
    </h3>
  );
}

function More({ total, shown }: { total: number; shown: number }) {
  const text = moreText(total, shown);
  return text ? <p className="muted report-more">{text}</p> : null;
}

/** An item's thumbnail: its archived creative's, else its row's source still. */
function ItemThumb({ creative, row }: { creative: string; row: SearchResult | undefined }) {
  const archived = useArchivedCreative(creative || row?.creative || undefined);
  return (
    <CreativeThumb archived={archived} fallback={row ? (creativeStill(chooseCreative(row)) ?? '') : ''} />
  );
}

export function AdList({
  title,
  total,
  items,
  rows,
}: {
  title: string;
  total: number;
  items: readonly ReportAdItem[];
  /** The report's rows by id; null while they are read. */
  rows: Map<string, SearchResult> | null;
}) {
  const [detail, setDetail] = useState<number | null>(null);
  const offline = useConnectivity() === 'offline';
  const detailRow = detail === null ? undefined : rows?.get(items[detail]!.row);
  const archived = useArchivedCreative(detailRow?.creative || undefined);
  if (total === 0) return null;
  const move = (delta: -1 | 1) =>
    setDetail((index) => {
      if (index === null) return index;
      let next = index + delta;
      while (next >= 0 && next < items.length && !rows?.has(items[next]!.row)) next += delta;
      return next >= 0 && next < items.length ? next : index;
    });
  return (
    <section className="report-section">
      <ListHead title={title} total={total} />
      <ul className="report-items">
        {items.map((item, index) => {
          const row = rows?.get(item.row);
          return (
            <li key={`${item.adId}:${item.row}`}>
              <button
                type="button"
                className="report-item"
                disabled={!row}
                title={row ? undefined : 'This ad’s row is not on this device yet'}
                onClick={() => setDetail(index)}
              >
                <ItemThumb creative={item.creative} row={row} />
                <span className="report-item-text">
                  <strong>{item.store || item.pageId || 'Unknown store'}</strong>
                  <span className="report-item-title">{item.title}</span>
                  <span className="muted">
                    {formatCount(item.daysRunning)} days running · score {formatCount(item.winningScore)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <More total={total} shown={items.length} />
      {detail !== null && detailRow && (
        <AdDetailDialog
          row={detailRow}
          archived={archived}
          position={{ index: detail + 1, total: items.length }}
          offline={offline}
          onMove={move}
          onClose={() => setDetail(null)}
        />
      )}
    </section>
  );
}

/** Opens the Database page on the ads `adIds`, with the chip labelled by `state`. */
function useOpenInDatabase() {
  const navigate = useNavigate();
  const toast = useToast();
  return async (adIds: readonly string[], state: (rowIds: string[]) => object) => {
    try {
      void navigate(ROUTES.database.path, { state: state(await rowIdsOfAds(adIds)) });
    } catch (error) {
      console.error('[reports] could not read the ads to show', error);
      toast.error(MESSAGES.resultsLoadFailed);
    }
  };
}

export function ProductList({
  title,
  total,
  items,
}: {
  title: string;
  total: number;
  items: readonly ReportProductItem[];
}) {
  const open = useOpenInDatabase();
  if (total === 0) return null;
  return (
    <section className="report-section">
      <ListHead title={title} total={total} />
      <ul className="report-items">
        {items.map((product) => (
          <li key={product.key}>
            <button
              type="button"
              className="report-item"
              onClick={() => void open(product.adIds, (ids) => productSelectionState(product.name, ids))}
            >
              <ItemThumb creative={product.creative} row={undefined} />
              <span className="report-item-text">
                <strong>{product.name || 'Untitled product'}</strong>
                <span className="muted">
                  {formatCount(product.storesBefore)} → {formatCount(product.storesNow)} stores ·{' '}
                  {formatCount(product.ads)} ads
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <More total={total} shown={items.length} />
    </section>
  );
}

export function StoreList({
  title,
  total,
  items,
}: {
  title: string;
  total: number;
  items: readonly ReportStoreItem[];
}) {
  const open = useOpenInDatabase();
  if (total === 0) return null;
  return (
    <section className="report-section">
      <ListHead title={title} total={total} />
      <ul className="report-items">
        {items.map((store) => (
          <li key={store.key}>
            <button
              type="button"
              className="report-item"
              onClick={() =>
                void open(store.adIds, (ids) => storeSelectionState(store.name, store.pageId, ids))
              }
            >
              <span className="report-item-text">
                <strong>{store.name || store.pageId}</strong>
                <span className="muted">
                  {formatCount(store.adsAdded)} {store.adsAdded === 1 ? 'ad' : 'ads'} added
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <More total={total} shown={items.length} />
    </section>
  );
}
