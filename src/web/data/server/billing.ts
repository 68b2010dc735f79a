/**
 * Billing calls (docs/routes.md): checkout, customer portal, subscription sync and the quota.
 * The server decides prices, plans and balances; the browser only asks and shows.
 */
import { quotaSchema, SERVER_ROUTES, type CheckoutProduct, type Quota } from '../../../domain/index.ts';
import { pb, UserFacingError } from './client.ts';

interface UrlResponse {
  url?: unknown;
}

function urlFrom(response: UrlResponse, missing: string): string {
  if (typeof response.url !== 'string' || !response.url) throw new UserFacingError(missing);
  return response.url;
}

/** Starts a checkout for a plan or a credit pack and returns the page to pay on. */
export async function createCheckout(product: CheckoutProduct, noUrlMessage: string): Promise<string> {
  const response = await pb.send<UrlResponse>(SERVER_ROUTES.checkout.path, {
    method: 'POST',
    body: { product },
  });
  return urlFrom(response, noUrlMessage);
}

/** The customer portal (Stripe's, or the local test portal). */
export async function createPortalSession(noUrlMessage: string): Promise<string> {
  const response = await pb.send<UrlResponse>(SERVER_ROUTES.portal.path, { method: 'POST' });
  return urlFrom(response, noUrlMessage);
}

export interface SyncResult {
  success: boolean;
  plan: string | null;
  message: string;
}

export async function syncSubscription(): Promise<SyncResult> {
  const response = await pb.send<Partial<SyncResult>>(SERVER_ROUTES.subscriptionSync.path, {
    method: 'POST',
  });
  return {
    success: response.success === true,
    plan: typeof response.plan === 'string' ? response.plan : null,
    message: typeof response.message === 'string' ? response.message : '',
  };
}

export async function fetchQuota(): Promise<Quota> {
  return quotaSchema.parse(await pb.send(SERVER_ROUTES.quota.path, { method: 'GET' }));
}
