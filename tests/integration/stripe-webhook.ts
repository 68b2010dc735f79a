/**
 * Stripe's side of a webhook for the tests: the Stripe-Signature header Stripe would send
 * (HMAC-SHA256 of `t.body` with the endpoint's secret; src/hooks/billing/stripe-protocol.ts checks it), and a
 * delivery to the server's webhook route. The Stripe API double is stripe-mock.ts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

/** The Stripe-Signature header of `body`, signed at `t` (seconds; now unless told). */
export function signStripeWebhook(body: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

export interface DeliveryOptions {
  /** The Stripe-Signature header to send instead of a valid one; null sends none. */
  header?: string | null;
  /** The raw body to send instead of the event as JSON. */
  body?: string;
}

/** Delivers events to the webhook of the server at `serverUrl()` as Stripe would, signed with `secret`. */
export function stripeWebhook(serverUrl: () => string, secret: string) {
  return {
    sign: (body: string, t?: number, otherSecret = secret) => signStripeWebhook(body, otherSecret, t),
    deliver(event: unknown, options: DeliveryOptions = {}): Promise<Response> {
      const body = options.body ?? JSON.stringify(event);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const header = options.header === undefined ? signStripeWebhook(body, secret) : options.header;
      if (header !== null) headers['Stripe-Signature'] = header;
      return fetch(`${serverUrl()}${SERVER_ROUTES.stripeWebhook.path}`, { method: 'POST', headers, body });
    },
  };
}

/** An event of `type` about `object`, with a fresh id (stripe-mock sends no events: tests write them). */
export function stripeEvent(type: string, object: Record<string, unknown>) {
  return { id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type, data: { object } };
}
