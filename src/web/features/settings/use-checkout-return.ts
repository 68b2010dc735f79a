import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  CHECKOUT_RETURN,
  MESSAGES,
  PLANS,
  ROUTES,
  subscriptionSyncedMessage,
  type PlanId,
} from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { syncSubscription } from '../../data/server/billing.ts';
import { reloadSubscription } from '../../data/local/subscription.ts';

/** Whether the page's query carries a checkout's return query (CHECKOUT_RETURN). */
const carries = (params: URLSearchParams, query: string) =>
  [...new URLSearchParams(query)].every(([name, value]) => params.get(name) === value);

const planLabel = (plan: string | null) =>
  plan && plan in PLANS ? plan.charAt(0).toUpperCase() + plan.slice(1) : (plan ?? '');

/**
 * docs/product.md#states-and-transitions, the return from checkout (CHECKOUT_RETURN): a paid one syncs
 * the subscription, a canceled one says the payment was canceled; both then reset the URL to Settings.
 */
export function useCheckoutReturn(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const handled = useRef(false);
  const success = carries(params, CHECKOUT_RETURN.paid);
  const canceled = carries(params, CHECKOUT_RETURN.canceled);

  useEffect(() => {
    if (handled.current || (!success && !canceled)) return;
    handled.current = true;
    navigate(ROUTES.settings.path, { replace: true });
    if (canceled) {
      toast.error(MESSAGES.checkoutCanceled);
      return;
    }
    syncSubscription()
      .then((result) => {
        if (result.success && result.plan) {
          toast.success(subscriptionSyncedMessage(planLabel(result.plan as PlanId)));
        } else {
          toast.error(result.message || MESSAGES.noActiveSubscription);
        }
      })
      .catch((error) => {
        console.error('[settings] subscription sync failed', error);
        toast.error(MESSAGES.syncFailed);
      })
      .finally(() => void reloadSubscription());
  }, [success, canceled, navigate, toast]);
}
