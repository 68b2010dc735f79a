import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formEncode,
  mapStripeStatus,
  pickSubscription,
  subscriptionPeriodEnd,
  subscriptionPriceId,
  verifyStripeSignature,
} from './stripe-protocol.ts';

const secret = 'whsec_test_secret';
const hmacHex = (message: string, key: string) =>
  createHmac('sha256', key).update(message, 'utf8').digest('hex');
const equal = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const body = '{"id":"evt_1","type":"invoice.paid"}';
const now = 1_800_000_000;
const header = (t: number, payload = body, key = secret) => `t=${t},v1=${hmacHex(`${t}.${payload}`, key)}`;
const check = (h: string | null, raw = body, at = now) =>
  verifyStripeSignature({ rawBody: raw, header: h, secret, nowSeconds: at, hmacHex, equal });

describe('verifyStripeSignature', () => {
  it('accepts a valid signature, including one of several v1 values', () => {
    expect(check(header(now))).toBe(true);
    expect(check(`t=${now},v1=deadbeef,${header(now).split(',')[1]}`)).toBe(true);
    expect(check(header(now - 299))).toBe(true);
  });
  it('skips header parts that are not key=value, and empty signatures', () => {
    expect(check(`junk,${header(now)},v1=`)).toBe(true);
    expect(check(`t=${now},v1=`)).toBe(false);
  });
  it('refuses a tampered body, a wrong secret, a stale or future timestamp, and a missing header', () => {
    expect(check(header(now), `${body} `)).toBe(false);
    expect(check(header(now, body, 'whsec_other'))).toBe(false);
    expect(check(header(now - 301))).toBe(false);
    expect(check(header(now + 301))).toBe(false);
    expect(check(null)).toBe(false);
    expect(check('')).toBe(false);
    expect(check(`t=${now}`)).toBe(false);
    expect(check(`v1=${hmacHex(`${now}.${body}`, secret)}`)).toBe(false);
  });
});

describe('mapStripeStatus', () => {
  it('maps every Stripe status', () => {
    expect(['active', 'trialing'].map(mapStripeStatus)).toEqual(['active', 'active']);
    expect(['past_due', 'unpaid', 'paused', 'incomplete'].map(mapStripeStatus)).toEqual(
      Array(4).fill('suspended'),
    );
    expect(['canceled', 'incomplete_expired', undefined, 'weird'].map(mapStripeStatus)).toEqual(
      Array(4).fill('canceled'),
    );
  });
});

describe('pickSubscription and the period end', () => {
  it('prefers an active subscription, then one in payment trouble, then the newest', () => {
    const subs = [
      { id: 'old', status: 'canceled', created: 1 },
      { id: 'late', status: 'past_due', created: 2 },
      { id: 'new', status: 'canceled', created: 3 },
    ];
    expect(pickSubscription(subs)?.id).toBe('late');
    expect(pickSubscription([...subs, { id: 'ok', status: 'active', created: 0 }])?.id).toBe('ok');
    expect(pickSubscription([])).toBeNull();
  });
  it('reads the period end before and after API 2025-03-31', () => {
    expect(subscriptionPeriodEnd({ current_period_end: 100 })).toBe(100);
    expect(subscriptionPeriodEnd({ items: { data: [{ current_period_end: 200 }] } })).toBe(200);
    expect(subscriptionPeriodEnd({})).toBeNull();
  });
});

describe('formEncode', () => {
  it('nests keys and arrays the way Stripe expects', () => {
    expect(
      formEncode({
        mode: 'payment',
        line_items: [{ price: 'price_1', quantity: 1 }],
        metadata: { user_id: 'u 1' },
        skip: undefined,
      }),
    ).toBe(
      'mode=payment&line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=1&metadata%5Buser_id%5D=u%201',
    );
  });
});

describe('subscriptionPriceId', () => {
  it("is the first item's price, or '' when Stripe sent none", () => {
    expect(subscriptionPriceId({ items: { data: [{ price: { id: 'price_monthly' } }] } })).toBe(
      'price_monthly',
    );
    expect(subscriptionPriceId({ items: { data: [] } })).toBe('');
    expect(subscriptionPriceId({})).toBe('');
  });
});
