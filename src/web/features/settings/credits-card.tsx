import { useState } from 'react';
import {
  CREDIT_PACKS,
  formatCount,
  formatLongDate,
  LIMITS,
  MESSAGES,
  usagePercent,
  type CreditPackId,
} from '../../../domain/index.ts';
import { openInNewTab } from '../../components/new-tab.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { useToast } from '../../components/toast.tsx';
import { createCheckout } from '../../data/server/billing.ts';
import { errorMessage } from '../../data/server/client.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useQuota } from '../../data/local/quota.ts';

const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

export function CreditsCard() {
  const online = useConnectivity() === 'online';
  const state = useQuota();
  const toast = useToast();
  const [buying, setBuying] = useState<CreditPackId | null>(null);

  async function buy(pack: CreditPackId) {
    setBuying(pack);
    try {
      await openInNewTab(() => createCheckout(pack, MESSAGES.noCheckoutUrl));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.checkoutInitiateFailed));
    } finally {
      setBuying(null);
    }
  }

  return (
    <section className="card settings-card" aria-labelledby="credits-title">
      <h2 id="credits-title">Results &amp; Credits</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading your results…
        </p>
      )}
      {state.status === 'error' && <p className="muted">Your balance is unavailable right now.</p>}
      {state.status === 'ready' && <Balance {...state.quota} />}
      {state.status === 'ready' && state.asOf !== undefined && (
        <p className="muted" data-testid="quota-as-of">
          Last known balance, from {formatLongDate(new Date(state.asOf))}: the server cannot be reached right
          now.
        </p>
      )}
      <h3>Buy more results</h3>
      <p className="muted">One-time packs. Credits never expire and are used after your monthly results.</p>
      <OfflineHint offline={!online} action="buying results" />
      <ul className="pack-list">
        {Object.values(CREDIT_PACKS).map((pack) => (
          <li key={pack.id}>
            <button
              type="button"
              className="button button-secondary button-block"
              onClick={() => void buy(pack.id)}
              disabled={buying !== null || !online}
            >
              {buying === pack.id
                ? 'Opening checkout…'
                : `Buy ${formatCount(pack.results)} results — ${euros.format(pack.priceEur)}`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Balance(quota: {
  plan_monthly_quota: number;
  plan_used_this_month: number;
  addon_remaining: number;
  total_remaining: number;
}) {
  const percent = usagePercent(quota.plan_used_this_month, quota.plan_monthly_quota);
  return (
    <>
      <div className="usage">
        <div className="usage-label">
          <span id="usage-label">Used this month</span>
          <span>
            {formatCount(quota.plan_used_this_month)} of {formatCount(quota.plan_monthly_quota)} ({percent}%)
          </span>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-labelledby="usage-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <dl className="stats">
        <div>
          <dt>Add-on credits</dt>
          <dd data-testid="addon-remaining">{formatCount(quota.addon_remaining)}</dd>
        </div>
        <div>
          <dt>Total remaining</dt>
          <dd data-testid="total-remaining">{formatCount(quota.total_remaining)}</dd>
        </div>
      </dl>
      {quota.total_remaining < LIMITS.lowCreditThreshold && (
        <p className="notice notice-warning" role="status">
          Low results remaining: {formatCount(quota.total_remaining)} left. Buy a credit pack to keep
          scouting.
        </p>
      )}
    </>
  );
}
