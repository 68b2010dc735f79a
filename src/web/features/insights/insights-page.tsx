/**
 * /app/insights (docs/web-app.md#insights): which products many stores push (Products), the
 * stores behind them (Stores), computed in the browser from the local database (docs/insights.md)
 * by useInsights, which hands the results saved last time first and then the fresh ones. Each row
 * opens its ads in the Database page, filtered to exactly them (row-selection.ts); each table
 * exports its visible, filtered rows as CSV with the Database export's safety (csv.ts).
 */
import { useId, useState } from 'react';
import { useInsights } from './use-insights.ts';
import { ProductsView, StoresView } from './insight-views.tsx';
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
