import { describe, expect, it } from 'vitest';
import { computeQuota, EMPTY_SUMS, splitCharge } from './quota.ts';

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
