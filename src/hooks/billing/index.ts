/**
 * The billing area (pb_hooks/billing.pb.js): checkout, customer portal and subscription sync for
 * the signed-in user, the local test checkout/portal pages (no Stripe key), and Stripe's webhook.
 */
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { billingMode } from '../config/index.ts';
import { checkoutUrl, portalUrl, syncSubscription } from './checkout.ts';
import {
  finishLocalCheckout,
  localCheckoutPage,
  localPortalAction,
  localPortalPage,
  requireLocalMode,
} from './local-billing.ts';
import { handleStripeEvent } from './stripe-webhook.ts';

export { cancelBillingForDeletion, type CanceledBilling } from './account-cancel.ts';
export { pruneSessions } from './local-billing.ts';
export { sweepSubscriptions } from './subscription-sweep.ts';

/** SERVER_ROUTES.checkout: { url }. */
export function handleCheckout(e: core.RequestEvent): void {
  return e.json(200, { url: checkoutUrl(e, e.auth!.id, (e.requestInfo().body || {}).product) });
}

/** SERVER_ROUTES.portal: { url }. */
export function handlePortal(e: core.RequestEvent): void {
  return e.json(200, { url: portalUrl(e, e.auth!.id) });
}

/** SERVER_ROUTES.subscriptionSync. */
export function handleSync(e: core.RequestEvent): void {
  return e.json(200, syncSubscription(e.auth!.id));
}

/** SERVER_ROUTES.localCheckoutPage: the test checkout page. */
export function handleLocalCheckoutPage(e: core.RequestEvent): void {
  requireLocalMode();
  return e.html(200, localCheckoutPage(e, e.request!.pathValue('token')));
}

/** SERVER_ROUTES.localCheckoutAction (pay or cancel): back to Settings. */
export function handleLocalCheckoutAction(e: core.RequestEvent): void {
  requireLocalMode();
  const action = e.request!.pathValue('action');
  if (action !== 'pay' && action !== 'cancel') throw new NotFoundError('Unknown action.');
  return e.redirect(303, finishLocalCheckout(e.request!.pathValue('token'), action === 'pay'));
}

/**
 * SERVER_ROUTES.localCheckoutActionGet: a GET never changes anything (a link
 * prefetcher or a crawler must not cancel a checkout); the page's buttons POST.
 */
export function handleLocalCheckoutActionGet(e: core.RequestEvent): void {
  requireLocalMode();
  e.response.header().set('Allow', 'POST');
  throw new ApiError(405, 'Use the buttons of the test checkout page.', {});
}

/** SERVER_ROUTES.localPortalPage: the test customer portal. */
export function handleLocalPortalPage(e: core.RequestEvent): void {
  requireLocalMode();
  return e.html(200, localPortalPage(e, e.request!.pathValue('token'), e.request!.url!.query().get('done')));
}

/** SERVER_ROUTES.localPortalAction: applies it and shows the portal again. */
export function handleLocalPortalAction(e: core.RequestEvent): void {
  requireLocalMode();
  const token = e.request!.pathValue('token');
  const action = e.request!.pathValue('action');
  localPortalAction(token, action);
  return e.redirect(303, `${SERVER_ROUTES.localPortalPage.url(token)}?done=${encodeURIComponent(action)}`);
}

/** SERVER_ROUTES.stripeWebhook: signed events, exactly-once effect (Stripe mode only). */
export function handleStripeWebhook(e: core.RequestEvent): void {
  if (billingMode() !== 'stripe') throw new NotFoundError('Not found.');
  return e.json(200, handleStripeEvent(e));
}
