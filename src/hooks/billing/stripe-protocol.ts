/**
 * Stripe facts the billing hooks agree on (docs/billing.md): webhook signature checks, the status
 * mapping, which of a customer's subscriptions counts, and the period end in both API shapes.
 * Pure: crypto and the clock are passed in (PocketBase's JS VM provides HMAC as $security).
 */
import type { SubscriptionStatus } from '../../domain/billing/plans.ts';

/** The API version every request pins, so response shapes cannot change under us. */
export const STRIPE_API_VERSION = '2025-09-30.clover';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Checks a Stripe-Signature header (`t=…,v1=…[,v1=…]`) against the raw body: HMAC-SHA256 of
 * `t.rawBody` under the endpoint secret, any v1 may match (secret rotation), compared in
 * constant time, and at most 300 s old or ahead.
 */
export function verifyStripeSignature(input: {
  rawBody: string;
  header: string | null | undefined;
  secret: string;
  nowSeconds: number;
  hmacHex: (message: string, secret: string) => string;
  equal: (a: string, b: string) => boolean;
}): boolean {
  if (!input.secret || !input.header) return false;
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of input.header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(input.nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = input.hmacHex(`${timestamp}.${input.rawBody}`, input.secret);
  let ok = false;
  // compare against every candidate, so timing does not reveal which one matched
  for (const signature of signatures) if (input.equal(expected, signature)) ok = true;
  return ok;
}

/**
 * docs/billing.md#the-webhook: active/trialing → active; past_due/unpaid/paused/incomplete → suspended; the
 * rest → canceled.
 */
export function mapStripeStatus(status: string | null | undefined): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid' || status === 'paused' || status === 'incomplete') {
    return 'suspended';
  }
  return 'canceled';
}

export interface StripeSubscriptionLike {
  id?: string;
  status?: string;
  created?: number;
  start_date?: number;
  cancel_at_period_end?: boolean;
  current_period_end?: number;
  items?: { data?: Array<{ current_period_end?: number; price?: { id?: string } }> };
}

/** Active or trialing first, then the ones in payment trouble, then the newest of the rest. */
export function pickSubscription<T extends StripeSubscriptionLike>(subscriptions: readonly T[]): T | null {
  const rank = (s: T) => ({ active: 0, suspended: 1, canceled: 2 })[mapStripeStatus(s.status)];
  const sorted = [...subscriptions].sort((a, b) => rank(a) - rank(b) || (b.created ?? 0) - (a.created ?? 0));
  return sorted[0] ?? null;
}

/** The period end in seconds: top level before API 2025-03-31, on the first item after it. */
export function subscriptionPeriodEnd(subscription: StripeSubscriptionLike): number | null {
  const value = subscription.current_period_end ?? subscription.items?.data?.[0]?.current_period_end;
  return typeof value === 'number' && value > 0 ? value : null;
}

/** The price id of a subscription's first item. */
export function subscriptionPriceId(subscription: StripeSubscriptionLike): string {
  return subscription.items?.data?.[0]?.price?.id ?? '';
}

/** A flat object as Stripe's form encoding: nested keys as a[b][c], arrays as a[0][b]. */
export function formEncode(value: Record<string, unknown>, prefix = '', out: string[] = []): string {
  for (const key of Object.keys(value)) {
    const item = value[key];
    const name = prefix ? `${prefix}[${key}]` : key;
    if (item === undefined || item === null) continue;
    if (typeof item === 'object') formEncode(item as Record<string, unknown>, name, out);
    else out.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
  }
  return out.join('&');
}
