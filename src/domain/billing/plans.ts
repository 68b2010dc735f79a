/**
 * Plans, prices, monthly quotas and credit packs (docs/product.md#constants-and-limits,
 * docs/billing.md#quota).
 */
export const PLAN_IDS = ['monthly', 'yearly', 'lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** The name Settings shows for an active subscription on this plan. */
  displayName: string;
  /** Price in whole euros per billing interval; null where the product gives none. */
  priceEur: number | null;
  interval: 'month' | 'year' | null;
  monthlyQuota: number;
  badge: string | null;
}

export const PLANS: Record<PlanId, Plan> = {
  monthly: {
    id: 'monthly',
    displayName: 'Monthly Subscription',
    priceEur: 199,
    interval: 'month',
    monthlyQuota: 2500,
    badge: 'Most Popular',
  },
  yearly: {
    id: 'yearly',
    displayName: 'Yearly Subscription',
    priceEur: 1399,
    interval: 'year',
    monthlyQuota: 3500,
    badge: 'Best Value',
  },
  // docs/decisions.md#the-lifetime-plan: lifetime quota is 2500/month until a price and quota are given.
  lifetime: {
    id: 'lifetime',
    displayName: 'Lifetime Deal',
    priceEur: null,
    interval: null,
    monthlyQuota: 2500,
    badge: null,
  },
};

/** What the yearly plan saves against twelve monthly payments, as the product states it. */
export const YEARLY_SAVING_EUR = 1000;

/** Features both paid plans list on the pricing cards. */
export const PLAN_FEATURES = [
  'Full feature access',
  'Daily discovery of new winning products',
  'Cancel anytime',
] as const;

export const CREDIT_PACK_IDS = ['pack_100', 'pack_500', 'pack_1000'] as const;
export type CreditPackId = (typeof CREDIT_PACK_IDS)[number];

export interface CreditPack {
  id: CreditPackId;
  results: number;
  priceEur: number;
}

export const CREDIT_PACKS: Record<CreditPackId, CreditPack> = {
  pack_100: { id: 'pack_100', results: 100, priceEur: 12 },
  pack_500: { id: 'pack_500', results: 500, priceEur: 15 },
  pack_1000: { id: 'pack_1000', results: 1000, priceEur: 25 },
};

/** What SERVER_ROUTES.checkout accepts: a subscription plan or a credit pack. */
export const CHECKOUT_PRODUCTS = ['monthly', 'yearly', ...CREDIT_PACK_IDS] as const;
export type CheckoutProduct = (typeof CHECKOUT_PRODUCTS)[number];

/**
 * How a checkout comes back to Settings (Stripe's success_url and cancel_url, the local checkout's
 * buttons): the query it appends, which src/web/features/settings/use-checkout-return.ts reads.
 */
export const CHECKOUT_RETURN = { paid: '?success=true', canceled: '?canceled=true' } as const;

export const SUBSCRIPTION_STATUSES = ['active', 'suspended', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * docs/product.md#states-and-transitions: only status active grants access; anything else is treated as no
 * plan.
 */
export function grantsAccess(status: string | null | undefined): boolean {
  return status === 'active';
}

/** docs/product.md#states-and-transitions, the subscription display on Settings. */
export function planDisplayName(
  subscription: { plan?: string | null; status?: string | null } | null | undefined,
): string {
  if (subscription?.status === 'suspended') return 'Subscription Suspended - Payment Required';
  if (subscription?.status === 'active' && subscription.plan && subscription.plan in PLANS) {
    return PLANS[subscription.plan as PlanId].displayName;
  }
  return 'No active plan';
}
