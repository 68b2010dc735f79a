import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { grantsAccess, MESSAGES, ROUTES } from '../../domain/index.ts';
import { LockIcon } from '../components/icons.tsx';
import { reloadSubscription, useSubscription } from '../data/local/subscription.ts';

/**
 * docs/product.md: every /app page but Settings needs an active subscription, as the server reports
 * it. The subscription store follows realtime, so the gate opens or closes without a reload.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const state = useSubscription();
  if (state.status === 'loading') {
    return (
      <p className="loading" role="status">
        Checking your subscription…
      </p>
    );
  }
  if (grantsAccess(state.subscription?.status)) return children;
  if (state.status === 'error' && !state.subscription) {
    return (
      <div className="gate card" role="alert">
        <h1>Could not check your subscription</h1>
        <p>The server did not answer. Check your connection and try again.</p>
        <button type="button" className="button button-primary" onClick={() => void reloadSubscription()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="gate card">
      <span className="icon-circle">
        <LockIcon />
      </span>
      <h1>{MESSAGES.subscriptionRequired}</h1>
      <p>{MESSAGES.subscriptionRequiredBody}</p>
      <Link to={ROUTES.subscribe.path} className="button button-primary">
        View Plans
      </Link>
    </div>
  );
}
