import { describe, expect, it } from 'vitest';
import { computeQuota, EMPTY_SUMS, splitCharge, takeBackAmount } from './balances.ts';

const active = (plan: string) => ({ plan, status: 'active' });

describe('computeQuota', () => {
  it('a new monthly subscriber has the whole month', () => {
    expect(computeQuota(active('monthly'), EMPTY_SUMS)).toEqual({
      plan: 'monthly',
      plan_monthly_quota: 2500,
      plan_used_this_month: 0,
      plan_remaining_this_month: 2500,
      addon_remaining: 0,
      addon_balance_total: 0,
      total_remaining: 2500,
    });
  });

  it('adds credits and subtracts use and open reservations', () => {
    const quota = computeQuota(active('yearly'), {
      planUsedThisPeriod: 1000,
      addonGranted: 600,
      addonUsed: 100,
      reserved: 300,
      released: 100,
    });
    expect(quota).toMatchObject({
      plan_monthly_quota: 3500,
      plan_used_this_month: 1000,
      plan_remaining_this_month: 2500,
      addon_remaining: 500,
      addon_balance_total: 600,
      total_remaining: 2800,
    });
  });

  it('without an active plan only credits count', () => {
    for (const subscription of [
      null,
      { plan: 'monthly', status: 'suspended' },
      { plan: 'monthly', status: 'canceled' },
    ]) {
      expect(
        computeQuota(subscription, { ...EMPTY_SUMS, addonGranted: 100, planUsedThisPeriod: 50 }),
      ).toMatchObject({
        plan: null,
        plan_monthly_quota: 0,
        plan_used_this_month: 0,
        plan_remaining_this_month: 0,
        addon_remaining: 100,
        total_remaining: 100,
      });
    }
  });

  it('never reports a negative balance', () => {
    const quota = computeQuota(active('monthly'), { ...EMPTY_SUMS, planUsedThisPeriod: 3000, reserved: 50 });
    expect(quota.plan_remaining_this_month).toBe(0);
    expect(quota.total_remaining).toBe(0);
  });

  it('the lifetime plan has 2500 a month', () => {
    expect(computeQuota(active('lifetime'), EMPTY_SUMS).plan_monthly_quota).toBe(2500);
  });
});

describe('splitCharge', () => {
  it('uses the plan first, then credits', () => {
    expect(splitCharge(80, { planRemaining: 100, addonRemaining: 500 })).toEqual({
      plan: 80,
      addon: 0,
      waived: 0,
    });
    expect(splitCharge(150, { planRemaining: 100, addonRemaining: 500 })).toEqual({
      plan: 100,
      addon: 50,
      waived: 0,
    });
  });
  it('waives what no balance covers', () => {
    expect(splitCharge(150, { planRemaining: 0, addonRemaining: 20 })).toEqual({
      plan: 0,
      addon: 20,
      waived: 130,
    });
    expect(splitCharge(-5, { planRemaining: 10, addonRemaining: 10 })).toEqual({
      plan: 0,
      addon: 0,
      waived: 0,
    });
  });
});

/** A small seeded generator (mulberry32), so every run checks the same cases. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (max: number) => Math.floor(next() * (max + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

describe('quota properties (2,000 seeded random ledgers)', () => {
  const plans = ['monthly', 'yearly', 'lifetime', 'gold', null] as const;
  const statuses = ['active', 'suspended', 'canceled', 'trialing', null] as const;
  const monthly: Record<string, number> = { monthly: 2500, yearly: 3500, lifetime: 2500 };

  it('balances are never negative and add up', () => {
    const g = generator(20_270_131);
    for (let i = 0; i < 2000; i++) {
      const subscription = g.int(5) === 0 ? null : { plan: g.pick(plans), status: g.pick(statuses) };
      const addonGranted = g.int(3000);
      const reserved = g.int(4000);
      const sums = {
        planUsedThisPeriod: g.int(4000),
        addonGranted,
        addonUsed: g.int(addonGranted),
        reserved,
        released: g.int(reserved),
      };
      const q = computeQuota(subscription, sums);
      const active = subscription?.status === 'active' && !!subscription.plan && subscription.plan in monthly;
      const label = JSON.stringify({ subscription, sums });
      // only an active, known plan grants plan quota
      expect(q.plan_monthly_quota, label).toBe(active ? monthly[subscription!.plan!] : 0);
      expect(q.plan, label).toBe(active ? subscription!.plan : null);
      expect(q.plan_remaining_this_month, label).toBe(
        Math.max(0, q.plan_monthly_quota - (active ? sums.planUsedThisPeriod : 0)),
      );
      // credits never expire and never depend on the plan
      expect(q.addon_remaining, label).toBe(sums.addonGranted - sums.addonUsed);
      expect(q.addon_balance_total, label).toBe(sums.addonGranted);
      const open = sums.reserved - sums.released;
      expect(q.total_remaining, label).toBe(
        Math.max(0, q.plan_remaining_this_month + q.addon_remaining - open),
      );
      for (const value of Object.values(q))
        if (typeof value === 'number') expect(value).toBeGreaterThanOrEqual(0);
    }
  });

  it('a charge splits plan first, then credits, and never takes more than is there', () => {
    const g = generator(31);
    for (let i = 0; i < 2000; i++) {
      const charge = g.int(3000);
      const balances = { planRemaining: g.int(3500), addonRemaining: g.int(2000) };
      const split = splitCharge(charge, balances);
      const label = JSON.stringify({ charge, balances, split });
      expect(split.plan + split.addon + split.waived, label).toBe(charge);
      expect(split.plan, label).toBe(Math.min(charge, balances.planRemaining));
      expect(split.addon, label).toBeLessThanOrEqual(balances.addonRemaining);
      // credits are touched only once the plan is used up
      if (split.addon > 0) expect(split.plan, label).toBe(balances.planRemaining);
      // something is waived only when both balances are exhausted
      if (split.waived > 0) expect(split.addon, label).toBe(balances.addonRemaining);
    }
  });

  it('settling a reservation within the balance never drives total_remaining below zero', () => {
    const g = generator(7);
    for (let i = 0; i < 2000; i++) {
      const subscription = { plan: g.pick(['monthly', 'yearly'] as const), status: 'active' };
      const granted = g.int(1500);
      const sums = {
        ...EMPTY_SUMS,
        planUsedThisPeriod: g.int(4000),
        addonGranted: granted,
        addonUsed: g.int(granted),
      };
      const before = computeQuota(subscription, sums);
      // the run guard reserves at most total_remaining; settlement charges at most that
      const reservation = g.int(before.total_remaining);
      const reservedView = computeQuota(subscription, { ...sums, reserved: reservation });
      expect(reservedView.total_remaining).toBe(before.total_remaining - reservation);
      const charge = g.int(reservation);
      const split = splitCharge(charge, {
        planRemaining: before.plan_remaining_this_month,
        addonRemaining: before.addon_remaining,
      });
      expect(split.waived).toBe(0);
      const after = computeQuota(subscription, {
        ...sums,
        planUsedThisPeriod: sums.planUsedThisPeriod + split.plan,
        addonUsed: sums.addonUsed + split.addon,
        reserved: reservation,
        released: reservation,
      });
      // every unit is accounted for: what was there is what was charged plus what is left
      expect(after.total_remaining + charge).toBe(before.total_remaining);
    }
  });
});

describe('takeBackAmount (a refunded or disputed pack)', () => {
  it('takes the pack, or only the unreserved credits left, never below zero', () => {
    expect(takeBackAmount(500, { addon_remaining: 800, total_remaining: 3300 })).toBe(500);
    // 70 of the pack's 100 spent: the 30 left
    expect(takeBackAmount(100, { addon_remaining: 30, total_remaining: 2530 })).toBe(30);
    // no plan, 80 credits, 50 held by a working run: 30 are free
    expect(takeBackAmount(500, { addon_remaining: 80, total_remaining: 30 })).toBe(30);
    expect(takeBackAmount(100, { addon_remaining: 0, total_remaining: 2500 })).toBe(0);
  });

  it('leaves every balance at or above zero (2,000 seeded random ledgers)', () => {
    const g = generator(27);
    for (let i = 0; i < 2000; i++) {
      const addonGranted = g.int(3000);
      const reserved = g.int(4000);
      const sums = {
        planUsedThisPeriod: g.int(4000),
        addonGranted,
        addonUsed: g.int(addonGranted),
        reserved,
        released: g.int(reserved),
      };
      const subscription = g.int(2) === 0 ? null : { plan: 'monthly', status: 'active' };
      const pack = g.pick([100, 500, 1000]);
      const taken = takeBackAmount(pack, computeQuota(subscription, sums));
      const after = computeQuota(subscription, { ...sums, addonGranted: sums.addonGranted - taken });
      const label = JSON.stringify({ sums, pack, taken });
      expect(taken, label).toBeLessThanOrEqual(pack);
      expect(after.addon_remaining, label).toBe(sums.addonGranted - taken - sums.addonUsed);
      // every open reservation stays covered: plan and credits still hold it
      const open = sums.reserved - sums.released;
      const before = computeQuota(subscription, sums);
      if (before.plan_remaining_this_month + before.addon_remaining >= open) {
        expect(after.plan_remaining_this_month + after.addon_remaining, label).toBeGreaterThanOrEqual(open);
      }
    }
  });
});
