/**
 * Quota arithmetic (docs/billing.md#quota, docs/invariants.md#invariant-3-the-quota-is-never-overspent).
 * ledger.ts sums the usage ledger and hands the sums here, so every balance is computed one way.
 *   plan_remaining  = monthly quota − plan use in the current period (0 without an active plan)
 *   addon_remaining = credits granted − credits used (they never expire); a pack taken back
 *                     (refunded, or a dispute lost) counts as granted minus what was taken back
 *   total_remaining = plan_remaining + addon_remaining − open reservations (never below 0)
 */
import type { Quota } from '../../domain/records/entities.ts';
import { grantsAccess, PLANS, type PlanId } from '../../domain/billing/plans.ts';

/** Ledger sums for one user: plan use only for the current period, the rest over all time. */
export interface LedgerSums {
  planUsedThisPeriod: number;
  /** Credits granted, less what was taken back from refunded or disputed packs. */
  addonGranted: number;
  addonUsed: number;
  reserved: number;
  released: number;
}

export const EMPTY_SUMS: LedgerSums = {
  planUsedThisPeriod: 0,
  addonGranted: 0,
  addonUsed: 0,
  reserved: 0,
  released: 0,
};

export function computeQuota(
  subscription: { plan?: string | null; status?: string | null } | null,
  sums: LedgerSums,
): Quota {
  const plan = subscription?.plan && subscription.plan in PLANS ? (subscription.plan as PlanId) : null;
  const active = plan !== null && grantsAccess(subscription?.status);
  const monthly = active ? PLANS[plan].monthlyQuota : 0;
  const planRemaining = Math.max(0, monthly - sums.planUsedThisPeriod);
  const addonRemaining = Math.max(0, sums.addonGranted - sums.addonUsed);
  const openReservations = Math.max(0, sums.reserved - sums.released);
  return {
    plan: active ? plan : null,
    plan_monthly_quota: monthly,
    plan_used_this_month: active ? sums.planUsedThisPeriod : 0,
    plan_remaining_this_month: planRemaining,
    addon_remaining: addonRemaining,
    addon_balance_total: sums.addonGranted,
    total_remaining: Math.max(0, planRemaining + addonRemaining - openReservations),
  };
}

/**
 * How a charge is paid when a run settles: plan results first, then add-on credits. What
 * neither covers (the plan ended mid-run, say) is not charged: the balance never goes below 0.
 */
export function splitCharge(
  charge: number,
  balances: { planRemaining: number; addonRemaining: number },
): { plan: number; addon: number; waived: number } {
  const wanted = Math.max(0, Math.floor(charge));
  const plan = Math.min(wanted, Math.max(0, balances.planRemaining));
  const addon = Math.min(wanted - plan, Math.max(0, balances.addonRemaining));
  return { plan, addon, waived: wanted - plan - addon };
}

/**
 * How much of a pack of `pack` credits a refund or a lost dispute takes back: the pack, but never
 * more than the unreserved add-on balance — credits already spent stay spent, and what open
 * reservations may still draw from the credits stays, so total_remaining never goes below 0
 * (docs/invariants.md#invariant-3-the-quota-is-never-overspent). The unreserved add-on balance is
 * min(addon_remaining, total_remaining).
 */
export function takeBackAmount(
  pack: number,
  quota: { addon_remaining: number; total_remaining: number },
): number {
  return Math.max(0, Math.min(Math.floor(pack), quota.addon_remaining, quota.total_remaining));
}
