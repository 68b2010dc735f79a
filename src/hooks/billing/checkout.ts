/**
 * Billing entry points for the signed-in user (docs/billing.md, docs/routes.md). The mode follows the
 * configuration: `stripe` when STRIPE_SECRET_KEY is set, else `local` (the test checkout); the
 * server maps products to prices, never the browser.
 */
import { MESSAGES } from '../../domain/forms/messages.ts';
import { CHECKOUT_PRODUCTS, grantsAccess, type CheckoutProduct } from '../../domain/billing/plans.ts';
import { billingMode } from '../config/index.ts';
import { subscriptionOf } from '../quota/index.ts';
import { localCheckoutUrl, localPortalUrl } from './local-billing.ts';
import { pullFromStripe, stripeCheckoutUrl, stripePortalUrl } from './stripe-billing.ts';

function isCheckoutProduct(product: unknown): product is CheckoutProduct {
  return (CHECKOUT_PRODUCTS as readonly unknown[]).indexOf(product) >= 0;
}

/** A checkout URL for `product` (a plan or a credit pack). */
export function checkoutUrl(e: core.RequestEvent, userId: string, product: unknown): string {
  if (!isCheckoutProduct(product)) {
    throw new BadRequestError(`product must be one of ${CHECKOUT_PRODUCTS.join(', ')}.`);
  }
  if (billingMode() === 'stripe') return stripeCheckoutUrl(e, userId, product);
  return localCheckoutUrl(e, userId, product);
}

/** A customer-portal URL for the user. */
export function portalUrl(e: core.RequestEvent, userId: string): string {
  if (billingMode() === 'stripe') return stripePortalUrl(e, userId);
  return localPortalUrl(e, userId);
}

/** Subscription sync (docs/product.md#calls-and-exports): { success, plan, message }. */
export function syncSubscription(userId: string): { success: boolean; plan: string | null; message: string } {
  if (billingMode() === 'stripe') pullFromStripe(userId);
  const subscription = subscriptionOf($app, userId);
  if (subscription && grantsAccess(subscription.getString('status'))) {
    return { success: true, plan: subscription.getString('plan'), message: '' };
  }
  return { success: false, plan: null, message: MESSAGES.noActiveSubscription };
}
