import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  grantsAccess,
  MESSAGES,
  planDisplayName,
  PLANS,
  ROUTES,
  type CheckoutProduct,
} from '../../../domain/index.ts';
import { openInNewTab } from '../../components/new-tab.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { PlanCard } from '../../components/plan-card.tsx';
import { useToast } from '../../components/toast.tsx';
import { useIsClient } from '../../components/use-is-client.ts';
import { createCheckout } from '../../data/server/billing.ts';
import { errorMessage } from '../../data/server/client.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { currentSession } from '../../data/server/session.ts';
import { useSubscription } from '../../data/local/subscription.ts';
import './subscribe.css';

const PLAN_CHOICES = [PLANS.monthly, PLANS.yearly] as const;

export function SubscribePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const online = useConnectivity() === 'online';
  const isClient = useIsClient(); // a prerendered button does nothing until the page hydrated
  const subscription = useSubscription();
  const [pending, setPending] = useState<CheckoutProduct | null>(null);
  const active =
    subscription.status !== 'loading' && grantsAccess(subscription.subscription?.status)
      ? subscription.subscription
      : null;

  async function choose(product: CheckoutProduct) {
    if (!currentSession()) {
      toast.error(MESSAGES.loginFirst);
      navigate(ROUTES.login.path);
      return;
    }
    setPending(product);
    try {
      await openInNewTab(() => createCheckout(product, MESSAGES.noCheckoutUrl));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.checkoutFailed));
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="section">
      <div className="container">
        <header className="section-title">
          <h1>Choose Your Plan</h1>
          <p className="section-lead">
            Every plan includes the full scouting tool, your own ad database and the curated keyword lists.
          </p>
        </header>
        {active && (
          <p className="notice notice-info subscribe-active">
            You already have an active {planDisplayName(active)}. Manage it in{' '}
            <Link to={ROUTES.settings.path}>Settings</Link>.
          </p>
        )}
        <OfflineHint offline={!online} action="checkout" />
        <div className="grid grid-2 plan-grid">
          {PLAN_CHOICES.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={
                <button
                  type="button"
                  className="button button-primary button-block"
                  disabled={!isClient || pending !== null || !online}
                  onClick={() => void choose(plan.id as CheckoutProduct)}
                >
                  {pending === plan.id
                    ? 'Opening checkout…'
                    : `Select ${plan.id === 'monthly' ? 'Monthly' : 'Yearly'}`}
                </button>
              }
            />
          ))}
        </div>
        <p className="muted center">
          Checkout opens in a new tab. Payments are handled by our card payment provider.
        </p>
      </div>
    </section>
  );
}
