import { describe, expect, it } from 'vitest';
import { billingMonths, sweepAction, type SweptSubscription } from './subscription-sweep-rules.ts';

const NOW = new Date('2026-05-10T12:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const active: SweptSubscription = {
  plan: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: minutes(-1),
  updated: minutes(-120),
  stripeCustomerId: '',
};

describe('sweepAction in local mode', () => {
  it('ends a plan set to cancel at period end once the period is over', () => {
    expect(sweepAction({ ...active, cancelAtPeriodEnd: true }, 'local', NOW)).toBe('end');
    expect(sweepAction({ ...active, status: 'suspended', cancelAtPeriodEnd: true }, 'local', NOW)).toBe(
      'end',
    );
    expect(
      sweepAction({ ...active, cancelAtPeriodEnd: true, currentPeriodEnd: minutes(1) }, 'local', NOW),
    ).toBeNull();
  });

  it('renews an active plan, and leaves suspended, canceled and undated ones alone', () => {
    expect(sweepAction(active, 'local', NOW)).toBe('renew');
    expect(sweepAction({ ...active, status: 'suspended' }, 'local', NOW)).toBeNull();
    expect(sweepAction({ ...active, status: 'canceled', cancelAtPeriodEnd: true }, 'local', NOW)).toBeNull();
    expect(sweepAction({ ...active, currentPeriodEnd: null }, 'local', NOW)).toBeNull();
    expect(sweepAction({ ...active, plan: 'lifetime' }, 'local', NOW)).toBeNull();
    expect(sweepAction({ ...active, plan: 'lifetime', cancelAtPeriodEnd: true }, 'local', NOW)).toBe('end');
  });
});

describe('sweepAction in Stripe mode', () => {
  const stripe = { ...active, stripeCustomerId: 'cus_1', currentPeriodEnd: minutes(-61) };

  it('re-fetches a period that ended over an hour ago with no word from Stripe for an hour', () => {
    expect(sweepAction(stripe, 'stripe', NOW)).toBe('refetch');
    expect(sweepAction({ ...stripe, status: 'suspended', cancelAtPeriodEnd: true }, 'stripe', NOW)).toBe(
      'refetch',
    );
  });

  it('waits an hour after the period end and an hour after the last update', () => {
    expect(sweepAction({ ...stripe, currentPeriodEnd: minutes(-59) }, 'stripe', NOW)).toBeNull();
    expect(sweepAction({ ...stripe, updated: minutes(-59) }, 'stripe', NOW)).toBeNull();
  });

  it('never ends a plan itself, and skips canceled plans and records without a customer', () => {
    expect(sweepAction({ ...stripe, cancelAtPeriodEnd: true }, 'stripe', NOW)).toBe('refetch');
    expect(sweepAction({ ...stripe, status: 'canceled' }, 'stripe', NOW)).toBeNull();
    expect(sweepAction({ ...stripe, stripeCustomerId: '' }, 'stripe', NOW)).toBeNull();
  });
});

describe('billingMonths', () => {
  it('is 1 for monthly, 12 for yearly, none for lifetime or unknown plans', () => {
    expect([
      billingMonths('monthly'),
      billingMonths('yearly'),
      billingMonths('lifetime'),
      billingMonths('x'),
    ]).toEqual([1, 12, null, null]);
  });
});
