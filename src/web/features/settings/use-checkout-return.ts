import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, PLANS, ROUTES, subscriptionSyncedMessage, type PlanId } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { syncSubscription } from '../../data/server/billing.ts';
import { reloadSubscription } from '../../data/server/subscription.ts';

const planLabel = (plan: string | null) =>
  plan && plan in PLANS ? plan.charAt(0).toUpperCase() + plan.slice(1) : (plan ?? '');

/**
 * docs/product.md#states-and-transitions, the return from checkout: ?success=true syncs the subscription,
 * ?canceled=true says the payment was canceled; both then reset the URL to /app/settings.
 */
export function useCheckoutReturn(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const handled = useRef(false);
  const success = params.get('success') === 'true';
  const canceled = params.get('canceled') === 'true';

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
