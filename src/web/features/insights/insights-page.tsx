/**
 * /app/insights (docs/web-app.md#insights): which products many stores push (Products), the
 * stores behind them (Stores), computed in the browser from the local database (docs/insights.md)
 * by useInsights, which hands the results saved last time first and then the fresh ones. Each row
 * opens its ads in the Database page, filtered to exactly them (row-selection.ts); each table
 * exports its visible, filtered rows as CSV with the Database export's safety (csv.ts).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  csvChunks,
  csvFileName,
  formatCount,
  ROUTES,
  rowSelectionState,
  type ProductSummary,
  type StoreSummary,
} from '../../../domain/index.ts';
import { useCsvDownload } from '../../components/use-csv-download.ts';
import { LineIcon } from '../../components/icons.tsx';
import { Sparkline } from '../../components/sparkline.tsx';
import { countText, dayText, ProductThumb, UNKNOWN } from './insight-cells.tsx';
import {
  csvColumns,
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
import { useInsights } from './use-insights.ts';
import './insights.css';

type Tab = 'products' | 'stores';

export function InsightsPage() {
  const insights = useInsights();
  const [tab, setTab] = useState<Tab>('products');
  const ids = useId();
  return (
    <>
      <header className="page-header">
        <h1>Insights</h1>
        <p>Which products many stores push, and who is scaling them.</p>
      </header>
      <p className="notice insight-scope" data-testid="insights-scope">
        Counts are what your scouts have seen, not the whole Ad Library.
      </p>
      <div className="insight-tabs" role="tablist" aria-label="Insights">
        {(['products', 'stores'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`${ids}-tab-${id}`}
            aria-controls={`${ids}-panel-${id}`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            className="insight-tab"
            onClick={() => setTab(id)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              const other = id === 'products' ? 'stores' : 'products';
              setTab(other);
              document.getElementById(`${ids}-tab-${other}`)?.focus();
            }}
          >
            {id === 'products' ? 'Products' : 'Stores'}
          </button>
        ))}
      </div>
      <p className="insight-status muted" role="status" data-testid="insights-status">
        {insights.computing
          ? insights.updatedAt === null
            ? 'Computing from your results…'
            : 'Updating…'
          : insights.updatedAt === null
            ? ''
            : `Updated ${new Date(insights.updatedAt).toLocaleTimeString()}`}
      </p>
      <div role="tabpanel" id={`${ids}-panel-${tab}`} aria-labelledby={`${ids}-tab-${tab}`}>
        {tab === 'products' ? (
          <ProductsView products={insights.products} computing={insights.computing} />
        ) : (
          <StoresView stores={insights.stores} computing={insights.computing} />
        )}
      </div>
    </>
  );
}

/** Performance marks for a benchmark to read: the first rows painted, and a filter applied. */
function usePaintMarks(kind: string, shown: number, filters: InsightFilters) {
  const painted = useRef(false);
  useEffect(() => {
    if (painted.current || shown === 0) return;
    painted.current = true;
    requestAnimationFrame(() =>
      performance.mark('adscout:insights-first-rows-painted', { detail: { kind, shown } }),
    );
  }, [kind, shown]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    requestAnimationFrame(() => performance.mark('adscout:insights-filtered', { detail: { kind, shown } }));
  }, [kind, shown, filters]);
}

function FilterBar({
  filters,
  onChange,
  dateLabel,
  onExport,
  exporting,
}: {
  filters: InsightFilters;
  onChange: (filters: InsightFilters) => void;
  dateLabel: string;
  onExport: () => void;
  exporting: boolean;
}) {
  const id = useId();
  const field = (key: keyof InsightFilters, label: string, type: 'search' | 'date' = 'search') => (
    <div className="field insight-filter">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        type={type}
        autoComplete="off"
        value={filters[key]}
        onChange={(event) => onChange({ ...filters, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <div className="insight-filters">
      {field('text', 'Search')}
      {field('country', 'Country')}
      {field('since', dateLabel, 'date')}
      {hasInsightFilters(filters) && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange(EMPTY_INSIGHT_FILTERS)}
        >
          Clear Filters
        </button>
      )}
      <button type="button" className="button button-primary" onClick={onExport} aria-busy={exporting}>
        <LineIcon>
          <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
        </LineIcon>
        Export CSV
      </button>
    </div>
  );
}

/** Exports `rows` with `columns` as a CSV file named for `kind` (use-csv-download.ts). */
function useCsvExport<R>(kind: 'Products' | 'Stores', columns: Parameters<typeof csvColumns<R>>[0]) {
  const csv = useCsvDownload('insights');
  const run = (rows: readonly R[]) =>
    csv.download(() =>
      rows.length === 0
        ? null
        : { name: csvFileName(kind, new Date()), pieces: csvChunks(csvColumns(columns), rows) },
    );
  return { exporting: csv.exporting, run };
}

function EmptyLine({ computing, filtered, what }: { computing: boolean; filtered: boolean; what: string }) {
  if (computing) return null;
  return (
    <p className="notice insight-empty">
      {filtered ? `No ${what} match your filters.` : `No ${what} yet: scout some ads and they show here.`}
    </p>
  );
}

function ProductsView({ products, computing }: { products: ProductSummary[]; computing: boolean }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<InsightFilters>(EMPTY_INSIGHT_FILTERS);
  const [sort, setSort] = useState(DEFAULT_PRODUCT_SORT);
  const rows = useMemo(
    () => sortInsightRows(filterInsightRows(products, filters, productFilterable), PRODUCT_COLUMNS, sort),
    [products, filters, sort],
  );
  usePaintMarks('products', rows.length, filters);
  const csv = useCsvExport<ProductSummary>('Products', PRODUCT_COLUMNS);
  const open = (product: ProductSummary) =>
    void navigate(ROUTES.database.path, {
      state: rowSelectionState(`Product: ${product.name || 'untitled'}`, product.rowIds),
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
                  <button type="button" className="insight-open" onClick={() => open(p)}>
                    {p.name || 'Untitled product'}
                    <span className="visually-hidden">
                      : open its {formatCount(p.ads)} ads in the Database
                    </span>
                  </button>
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
                return p.newestStore ? `${p.newestStore.name} (${dayText(p.newestStore.since)})` : UNKNOWN;
              case 'countries':
                return p.countries.join(', ') || UNKNOWN;
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

function StoresView({ stores, computing }: { stores: StoreSummary[]; computing: boolean }) {
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
      state: rowSelectionState(`Store: ${store.name || store.pageId}`, store.rowIds),
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
                return s.longestRunning ? `${formatCount(s.longestRunning.days)} days` : UNKNOWN;
              case 'medianWinningScore':
                return countText(s.medianWinningScore);
              case 'countries':
                return s.countries.join(', ') || UNKNOWN;
              case 'platforms':
                return s.platforms.join(', ') || UNKNOWN;
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
