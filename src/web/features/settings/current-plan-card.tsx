import { Link } from 'react-router-dom';
import { formatLongDate, MESSAGES, parsePbDate, planDisplayName, ROUTES } from '../../../domain/index.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import type { SubscriptionState } from '../../data/local/subscription.ts';
import { usePortal } from './use-portal.ts';

export function CurrentPlanCard({ state }: { state: SubscriptionState }) {
  const portal = usePortal();
  const online = useConnectivity() === 'online';
  const subscription = state.status === 'loading' ? null : state.subscription;
  const endsOn = subscription?.cancel_at_period_end ? parsePbDate(subscription.current_period_end) : null;
  const suspended = subscription?.status === 'suspended';

  return (
    <section className="card settings-card" aria-labelledby="current-plan-title">
      <h2 id="current-plan-title">Your Current Plan</h2>
      {state.status === 'loading' ? (
        <p className="muted" role="status">
          Loading your plan…
        </p>
      ) : (
        <>
          <p className="plan-name" data-testid="plan-name">
            {planDisplayName(subscription)}
          </p>
          {endsOn && <p className="notice notice-warning">Will be cancelled on {formatLongDate(endsOn)}</p>}
          {suspended && (
            <div className="notice notice-danger" role="alert">
              <p>{MESSAGES.suspendedNotice}</p>
              <button
                type="button"
                className="button button-danger"
                onClick={portal.open}
                disabled={portal.opening || !online}
              >
                {MESSAGES.updatePaymentMethod}
              </button>
            </div>
          )}
          {subscription?.status ? (
            <OfflineHint offline={!online} action="managing your subscription" />
          ) : null}
          <div className="row">
            {subscription?.status ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={portal.open}
                disabled={portal.opening || !online}
              >
                {portal.opening ? 'Opening portal…' : 'Manage Subscription'}
              </button>
            ) : null}
            {!subscription || (subscription.status !== 'active' && subscription.status !== 'suspended') ? (
              <Link to={ROUTES.subscribe.path} className="button button-primary">
                View Plans
              </Link>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
