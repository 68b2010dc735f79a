/**
 * The Insights page's two tables (insights-page.tsx): Products and Stores, each filtered, sorted
 * and exported on its own; a row's name opens its ads in the Database page (row-selection.ts), and
 * a product's "Save" saves its ads to boards (docs/boards.md#in-the-app), and its "Brief" opens its
 * briefs (docs/ai.md#briefs).
 */
import { useContext, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  formatCount,
  ROUTES,
  productSelectionState,
  storeSelectionState,
  type ProductSummary,
  type StoreSummary,
  UNKNOWN_VALUE,
} from '../../../domain/index.ts';
import { BoardsSlot } from '../../components/boards-slot.ts';
import { BriefsSlot } from '../../components/briefs-slot.ts';
import { Sparkline } from '../../components/sparkline.tsx';
import { adIdsOfRows } from '../../data/local/boards.ts';
import { countText, dayText, ProductThumb } from './insight-cells.tsx';
import {
  DEFAULT_PRODUCT_SORT,
  DEFAULT_STORE_SORT,
  EMPTY_INSIGHT_FILTERS,
  filterInsightRows,
  hasInsightFilters,
  nextSort,
  PRODUCT_COLUMNS,
  productFilterable,
  sortInsightRows,
  STORE_COLUMNS,
  storeFilterable,
  type InsightFilters,
} from './insight-table.ts';
import { InsightTableView } from './insight-table-view.tsx';
import './insights.css';

import { FilterBar, useCsvExport, usePaintMarks } from './insight-controls.tsx';

function EmptyLine({ computing, filtered, what }: { computing: boolean; filtered: boolean; what: string }) {
  if (computing) return null;
  return (
    <p className="notice insight-empty">
      {filtered ? `No ${what} match your filters.` : `No ${what} yet: scout some ads and they show here.`}
    </p>
  );
}

export function ProductsView({ products, computing }: { products: ProductSummary[]; computing: boolean }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<InsightFilters>(EMPTY_INSIGHT_FILTERS);
  const [sort, setSort] = useState(DEFAULT_PRODUCT_SORT);
  const rows = useMemo(
    () => sortInsightRows(filterInsightRows(products, filters, productFilterable), PRODUCT_COLUMNS, sort),
    [products, filters, sort],
  );
  usePaintMarks('products', rows.length, filters);
  const csv = useCsvExport<ProductSummary>('Products', PRODUCT_COLUMNS);
  const boards = useContext(BoardsSlot);
  const briefs = useContext(BriefsSlot);
  const open = (product: ProductSummary) =>
    void navigate(ROUTES.database.path, {
      state: productSelectionState(product.name, product.rowIds),
    });

  return (
    <>
      <FilterBar
        filters={filters}
        onChange={setFilters}
        dateLabel="First start on or after"
        onExport={() => void csv.run(rows)}
        exporting={csv.exporting}
      />
      <p className="insight-count" data-testid="insights-count" aria-live="polite">
        {formatCount(rows.length)} {rows.length === 1 ? 'product' : 'products'}
      </p>
      {rows.length === 0 ? (
        <EmptyLine computing={computing} filtered={hasInsightFilters(filters)} what="products" />
      ) : (
        <InsightTableView
          label="Products"
          testId="products-table"
          columns={PRODUCT_COLUMNS}
          rows={rows}
          rowKey={(p) => p.key}
          sort={sort}
          onSort={(key) => setSort(nextSort(sort, key))}
          cell={(p, key) => {
            switch (key) {
              case 'thumb':
                return <ProductThumb creative={p.creative} mediaUrl={p.mediaUrl} />;
              case 'name':
                return (
                  <span className="insight-name">
                    <button type="button" className="insight-open" onClick={() => open(p)}>
                      {p.name || 'Untitled product'}
                      <span className="visually-hidden">
                        : open its {formatCount(p.ads)} ads in the Database
                      </span>
                    </button>
                    {boards?.saveAdsButton({
                      adIds: () => adIdsOfRows(p.rowIds),
                      label: 'Save',
                      ariaLabel: `Save the ${formatCount(p.ads)} ads of ${p.name || 'Untitled product'} to a board`,
                    })}
                    {briefs?.productBrief({ productKey: p.key, productName: p.name, rowIds: p.rowIds })}
                  </span>
                );
              case 'momentum':
                return formatCount(p.momentum);
              case 'stores':
                return formatCount(p.stores);
              case 'storesStopped':
                return formatCount(p.storesStopped);
              case 'ads':
                return formatCount(p.ads);
              case 'activeAds':
                return formatCount(p.activeAds);
              case 'medianDaysRunning':
                return countText(p.medianDaysRunning);
              case 'firstStart':
                return dayText(p.firstStart);
              case 'newestStore':
                return p.newestStore
                  ? `${p.newestStore.name} (${dayText(p.newestStore.since)})`
                  : UNKNOWN_VALUE;
              case 'countries':
                return p.countries.join(', ') || UNKNOWN_VALUE;
              case 'trend':
                return <Sparkline values={p.trend} what="Stores starting it per week" />;
              default:
                return null;
            }
          }}
        />
      )}
    </>
  );
}

export function StoresView({ stores, computing }: { stores: StoreSummary[]; computing: boolean }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<InsightFilters>(EMPTY_INSIGHT_FILTERS);
  const [sort, setSort] = useState(DEFAULT_STORE_SORT);
  const rows = useMemo(
    () => sortInsightRows(filterInsightRows(stores, filters, storeFilterable), STORE_COLUMNS, sort),
    [stores, filters, sort],
  );
  usePaintMarks('stores', rows.length, filters);
  const csv = useCsvExport<StoreSummary>('Stores', STORE_COLUMNS);
  const open = (store: StoreSummary) =>
    void navigate(ROUTES.database.path, {
      state: storeSelectionState(store.name, store.pageId, store.rowIds),
    });

  return (
    <>
      <FilterBar
        filters={filters}
        onChange={setFilters}
        dateLabel="Last seen on or after"
        onExport={() => void csv.run(rows)}
        exporting={csv.exporting}
      />
      <p className="insight-count" data-testid="insights-count" aria-live="polite">
        {formatCount(rows.length)} {rows.length === 1 ? 'store' : 'stores'}
      </p>
      {rows.length === 0 ? (
        <EmptyLine computing={computing} filtered={hasInsightFilters(filters)} what="stores" />
      ) : (
        <InsightTableView
          label="Stores"
          testId="stores-table"
          columns={STORE_COLUMNS}
          rows={rows}
          rowKey={(s) => s.key}
          sort={sort}
          onSort={(key) => setSort(nextSort(sort, key))}
          cell={(s, key) => {
            switch (key) {
              case 'name':
                return (
                  <>
                    <button type="button" className="insight-open" onClick={() => open(s)}>
                      {s.name || s.pageId}
                      <span className="visually-hidden">
                        : open its {formatCount(s.ads)} ads in the Database
                      </span>
                    </button>
                    {s.byName && (
                      <span className="insight-mark" title="No page id: grouped by store name">
                        by name
                      </span>
                    )}
                  </>
                );
              case 'ads':
                return formatCount(s.ads);
              case 'activeAds':
                return formatCount(s.activeAds);
              case 'newLast7Days':
                return formatCount(s.newLast7Days);
              case 'firstSeen':
                return dayText(s.firstSeen);
              case 'lastSeen':
                return dayText(s.lastSeen);
              case 'longestRunning':
                return s.longestRunning ? `${formatCount(s.longestRunning.days)} days` : UNKNOWN_VALUE;
              case 'medianWinningScore':
                return countText(s.medianWinningScore);
              case 'countries':
                return s.countries.join(', ') || UNKNOWN_VALUE;
              case 'platforms':
                return s.platforms.join(', ') || UNKNOWN_VALUE;
              case 'trend':
                return <Sparkline values={s.trend} what="New ads per week" />;
              default:
                return null;
            }
          }}
        />
      )}
    </>
  );
}
