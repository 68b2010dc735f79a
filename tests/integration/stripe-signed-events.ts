/**
 * Stripe's webhook deliveries as Stripe makes them: a JSON event signed over its raw body with
 * the endpoint secret (`Stripe-Signature: t=…,v1=HMAC-SHA256(t.body)`). stripe-mock sends no
 * events, so tests write them and sign them here.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function signStripeBody(body: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

/** Posts `event`, signed, to the server's webhook; the response. */
export function deliverStripeEvent(serverUrl: string, secret: string, event: unknown): Promise<Response> {
  const body = JSON.stringify(event);
  return fetch(`${serverUrl}/api/adscout/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripeBody(body, secret) },
    body,
  });
}

/** An event of `type` about `object`, with a fresh id. */
export function stripeEvent(type: string, object: Record<string, unknown>) {
  return { id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type, data: { object } };
}
