/**
 * docs/going-live.md#rate-limits-and-billing-links, the billing routes: at most 20 test-checkout and portal
 * links a user an hour (from any number of addresses), expired links pruned, the test checkout's Cancel a
 * POST (a GET changes nothing), Stripe's webhook refusing bodies over 1 MiB with 413, and
 * Stripe's own error text kept in the log, never shown to the user.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asClientAt,
  startTestServer,
  uniqueClientAddress,
  type TestServer,
  type TestUser,
} from '../harness.ts';
import { TEST_PRICES, useStripeMode } from '../stripe-mock.ts';
import { signStripeWebhook } from '../stripe-webhook.ts';
import { waitUntil } from '../../fixtures/wait-for.ts';
import { NO_BILLING_ENV, runCron } from './support.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { pathBeforeParams } from '../../fixtures/route-paths.ts';

const PROVIDER_FAILED = 'The payment provider could not complete the request. Please try again.';

describe('local mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    // each user a client of its own behind a proxy: the cap must hold across addresses
    server = await startTestServer({
      env: { ...NO_BILLING_ENV, ADSCOUT_BILLING: 'local' },
      clientsBehindProxy: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const open = (user: TestUser, path: 'checkout' | 'portal') =>
    user.pb.send<{ url: string }>(SERVER_ROUTES[path].path, {
      method: 'POST',
      body: { product: 'pack_100' },
    });
  const sessionsOf = (user: TestUser) =>
    server.superuser.collection(COLLECTIONS.billingSessions).getFullList({ filter: `user = "${user.id}"` });

  it('caps the links a user opens at 20 an hour, from any number of addresses', async () => {
    const user = await server.createUser('hoarder');
    for (let i = 0; i < 20; i++) {
      // a new address every 5 calls stays far below the per-address rate limit
      if (i % 5 === 0) asClientAt(user.pb, uniqueClientAddress());
      await open(user, i % 2 ? 'portal' : 'checkout');
    }
    asClientAt(user.pb, uniqueClientAddress());
    await expect(open(user, 'checkout')).rejects.toMatchObject({
      status: 429,
      response: {
        message: 'Too many checkout or portal links were opened in the last hour. Please try again later.',
      },
    });
    await expect(open(user, 'portal')).rejects.toMatchObject({ status: 429 });
    expect(await sessionsOf(user)).toHaveLength(20);
    // another user is not affected
    const other = await server.createUser('other');
    expect((await open(other, 'checkout')).url).toContain(pathBeforeParams(SERVER_ROUTES.localCheckoutPage));
  });

  it('prunes expired links', async () => {
    const user = await server.createUser('pruned');
    for (let i = 0; i < 3; i++) await open(user, 'checkout');
    const [first, second, kept] = await sessionsOf(user);
    for (const session of [first!, second!]) {
      await server.superuser
        .collection(COLLECTIONS.billingSessions)
        .update(session.id, { expires_at: new Date(Date.now() - 60_000).toISOString() });
    }
    await runCron(server.superuser, 'adscout_billing_sessions_prune');
    await waitUntil('the prune', async () => (await sessionsOf(user)).length === 1);
    expect((await sessionsOf(user)).map((s) => s.id)).toEqual([kept!.id]);
  });

  it('cancels a test checkout only by POST: a GET of the Cancel URL changes nothing', async () => {
    const user = await server.createUser('prefetched');
    const { url } = await open(user, 'checkout');
    const [session] = await sessionsOf(user);
    const prefetch = await fetch(`${url}/cancel`, { redirect: 'manual' });
    expect(prefetch.status).toBe(405);
    expect(prefetch.headers.get('allow')).toBe('POST');
    expect((await fetch(`${url}/pay`, { redirect: 'manual' })).status).toBe(405);
    expect((await server.superuser.collection(COLLECTIONS.billingSessions).getOne(session!.id)).status).toBe(
      'open',
    );
    const canceled = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(canceled.status).toBe(303);
    // behind a proxy the server has APP_URL (the harness gives it its own URL): links are absolute
    expect(canceled.headers.get('location')).toBe(`${server.url}/app/settings?canceled=true`);
    expect((await server.superuser.collection(COLLECTIONS.billingSessions).getOne(session!.id)).status).toBe(
      'canceled',
    );
  });
});

describe('Stripe mode', () => {
  const SECRET = 'whsec_hardening';
  const stack = useStripeMode({
    webhookSecret: SECRET,
    prices: { ...TEST_PRICES, monthly: 'price_monthly_hardening' },
  });

  /** A validly signed event whose body is padded to `bytes`. */
  function signedEvent(bytes: number) {
    const head = JSON.stringify({ id: `evt_big_${bytes}`, type: 'customer.created', padding: '' });
    const body = head.replace('"padding":""', `"padding":"${'x'.repeat(bytes - head.length)}"`);
    return {
      body,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripeWebhook(body, SECRET) },
    };
  }

  /**
   * POSTs `body` to the webhook on a connection of its own and resolves with the status. It never
   * sends more than the server reads, so the server never closes with unread bytes (a reset that
   * can drop its answer before the client reads it, on a busy machine): with a Content-Length it
   * asks `Expect: 100-continue` and sends the body only when the server asks for it (bodies over
   * the limit are refused on the header alone); `chunked` leaves out the Content-Length, and the
   * server reads the whole body before it refuses it.
   */
  function deliver(event: ReturnType<typeof signedEvent>, chunked: boolean): Promise<number> {
    const { port } = new URL(stack.server.url);
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: SERVER_ROUTES.stripeWebhook.path,
          agent: false,
          headers: {
            ...event.headers,
            ...(chunked
              ? { 'Transfer-Encoding': 'chunked' }
              : { 'Content-Length': Buffer.byteLength(event.body), Expect: '100-continue' }),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        },
      );
      request.on('error', reject);
      if (chunked) {
        request.end(event.body);
      } else {
        request.on('continue', () => request.end(event.body));
      }
    });
  }

  it('refuses webhook bodies over 1 MiB with 413, with or without a Content-Length', async () => {
    const big = signedEvent((1 << 20) + 1);
    expect(big.body.length).toBe((1 << 20) + 1);
    expect(await deliver(big, false)).toBe(413);
    expect(await deliver(big, true)).toBe(413);
    const recorded = () =>
      stack.server.superuser
        .collection(COLLECTIONS.stripeEvents)
        .getFullList({ filter: 'event_id ~ "evt_big_"' });
    expect(await recorded()).toEqual([]);
    // a signed event just under the limit is read and recorded
    expect(await deliver(signedEvent(1 << 20), false)).toBe(200);
    expect((await recorded()).map((e) => e.event_id)).toEqual([`evt_big_${1 << 20}`]);
  }, 60_000);

  it('shows our words, never Stripe’s, when Stripe refuses; the detail goes to the log', async () => {
    const detail =
      'No such price: price_monthly_hardening; a similar object exists in live mode (acct_1Secret)';
    stack.stripe.intercept((request) =>
      request.path === '/v1/checkout/sessions'
        ? { status: 400, body: { error: { type: 'invalid_request_error', message: detail } } }
        : undefined,
    );
    try {
      const user = await stack.server.createUser('refused');
      const answer = await user.pb
        .send(SERVER_ROUTES.checkout.path, { method: 'POST', body: { product: 'monthly' } })
        .catch((e: { status: number; response: unknown }) => e);
      expect(answer).toMatchObject({ status: 502, response: { message: PROVIDER_FAILED } });
      expect(JSON.stringify(answer)).not.toMatch(/No such price|acct_1Secret/);
      await stack.server.waitForOutput(detail);
    } finally {
      stack.stripe.intercept(null);
    }
  });
});
