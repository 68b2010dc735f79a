import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY, isCountryCode } from '../forms/countries.ts';
import { LOCALES } from '../forms/locales.ts';
import { CREDIT_PACKS, grantsAccess, planDisplayName, PLANS, YEARLY_SAVING_EUR } from './plans.ts';

describe('plans, packs and limits', () => {
  it('prices and monthly quotas', () => {
    expect(PLANS.monthly).toMatchObject({ priceEur: 199, monthlyQuota: 2500, badge: 'Most Popular' });
    expect(PLANS.yearly).toMatchObject({ priceEur: 1399, monthlyQuota: 3500, badge: 'Best Value' });
    expect(PLANS.lifetime.monthlyQuota).toBe(2500);
    expect(YEARLY_SAVING_EUR).toBe(1000);
    expect(Object.values(CREDIT_PACKS).map((p) => [p.results, p.priceEur])).toEqual([
      [100, 12],
      [500, 15],
      [1000, 25],
    ]);
  });

  it('19 countries with US first and default, 15 locales', () => {
    expect(COUNTRIES).toHaveLength(19);
    expect(new Set(COUNTRY_CODES).size).toBe(19);
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(COUNTRY_CODES[0]).toBe('US');
    expect(isCountryCode('GR')).toBe(true);
    expect(isCountryCode('CN')).toBe(false);
    expect(LOCALES).toHaveLength(15);
    expect(new Set(LOCALES.map((l) => l.code)).size).toBe(15);
  });
});

describe('subscription display', () => {
  it.each([
    [{ plan: 'monthly', status: 'active' }, 'Monthly Subscription'],
    [{ plan: 'yearly', status: 'active' }, 'Yearly Subscription'],
    [{ plan: 'lifetime', status: 'active' }, 'Lifetime Deal'],
    [{ plan: 'monthly', status: 'suspended' }, 'Subscription Suspended - Payment Required'],
    [{ plan: 'monthly', status: 'canceled' }, 'No active plan'],
    [{ plan: 'monthly', status: 'trialing' }, 'No active plan'],
    [null, 'No active plan'],
  ])('%j → %s', (sub, text) => {
    expect(planDisplayName(sub)).toBe(text);
  });

  it('only active grants access', () => {
    expect(grantsAccess('active')).toBe(true);
    for (const s of ['suspended', 'canceled', '', null, undefined, 'ACTIVE'])
      expect(grantsAccess(s)).toBe(false);
  });
});
