/**
 * docs/going-live.md#billing, docs/invariants.md#invariant-11-no-paid-access-without-payment: no free plans
 * by accident. The PocketBase binary is started directly, as a service unit would, on addresses other than
 * loopback: without Stripe settings and without ADSCOUT_BILLING=local it refuses to start, names both
 * variables and never listens. Non-loopback addresses used: 0.0.0.0 (refused before binding anything) and
 * 198.51.100.7, a documentation address (RFC 5737) that no machine here owns, so a server that
 * passes the check cannot bind it either and stops with PocketBase's own bind error. On
 * loopback, the local test checkout keeps working as `npm start` shows it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/stack.mjs';
import { startTestServer, type TestServer } from '../harness.ts';
import { NO_BILLING_ENV, serveBare } from './support.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { pathBeforeParams } from '../../fixtures/route-paths.ts';

const UNOWNED = '198.51.100.7';
const REFUSED = /AdScout cannot start: .*ADSCOUT_BILLING.*STRIPE_SECRET_KEY/s;
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_test' };

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function loopbackServer(env: Record<string, string>) {
  const server = await startTestServer({ env: { ...NO_BILLING_ENV, ...env } });
  servers.push(server);
  return server;
}

/** A checkout as a signed-in user; the URL it answers with. */
async function checkoutUrl(server: TestServer): Promise<string> {
  const user = await server.createUser('buyer');
  const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
    method: 'POST',
    body: { product: 'yearly' },
  });
  return url;
}

describe('on an address other than loopback', () => {
  it('refuses to start without Stripe settings: non-zero exit, both variables named, nothing served', async () => {
    for (const http of [`0.0.0.0:${await freePort()}`, `${UNOWNED}:${await freePort()}`]) {
      const run = await serveBare(http, {});
      expect(run.served, http).toBe(false);
      expect(run.code, `${http}\n${run.output}`).not.toBe(0);
      expect(run.code).not.toBeNull();
      expect(run.output).toMatch(REFUSED);
      expect(run.output).toContain(http);
      expect(run.output).not.toMatch(/Server started/);
    }
  });

  it('refuses a domain argument, which makes PocketBase listen on 0.0.0.0:80 and :443', async () => {
    const run = await serveBare(`127.0.0.1:${await freePort()}`, {}, ['adscout.example.test']);
    expect(run.served).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(REFUSED);
    expect(run.output).toContain('0.0.0.0:443');
  });

  it('passes the check with Stripe settings, or with ADSCOUT_BILLING=local and a warning', async () => {
    for (const env of [STRIPE, { ADSCOUT_BILLING: 'local' }]) {
      // a public server needs its APP_URL too (public-origin.test.ts)
      const run = await serveBare(`${UNOWNED}:${await freePort()}`, {
        ...env,
        APP_URL: 'https://adscout.example.com',
      });
      // it went on to bind the address, which this machine does not have
      expect(run.output, run.output).toMatch(/cannot assign requested address/);
      expect(run.output).not.toMatch(/AdScout cannot start/);
      expect(run.served).toBe(false);
      if (env === STRIPE) expect(run.output).toContain('billing: stripe (STRIPE_SECRET_KEY is set)');
      else
        expect(run.output).toMatch(
          /WARNING: the local test checkout is public \(the server listens on 198\.51\.100\.7:\d+, which is not a loopback address; APP_URL \(https:\/\/adscout\.example\.com\) is not a loopback address\): anyone who can reach it can give themselves any plan/,
        );
    }
  }, 120_000); // two servers started one after the other, each up to 30 s on a busy machine
});

describe('on loopback, but public all the same', () => {
  it.each([
    [
      { TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' },
      /TRUSTED_PROXY_HEADERS says a reverse proxy forwards clients to it/,
    ],
    [
      { APP_URL: 'https://adscout.example.com' },
      /APP_URL \(https:\/\/adscout\.example\.com\) is not a loopback address/,
    ],
  ])('%j without billing settings does not start', async (env, reason) => {
    const run = await serveBare(`127.0.0.1:${await freePort()}`, env);
    expect(run.served).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(REFUSED);
    expect(run.output).toMatch(reason);
  });
});

describe('Stripe mode needs its settings wherever the server listens', () => {
  it.each([
    [
      { ADSCOUT_BILLING: 'stripe' },
      /ADSCOUT_BILLING=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    ],
    [{ STRIPE_SECRET_KEY: 'sk_test_123' }, /needs STRIPE_WEBHOOK_SECRET/],
    [{ ADSCOUT_BILLING: 'free' }, /ADSCOUT_BILLING must be "stripe" or "local", not "free"/],
  ])('%j on loopback does not start', async (env, message) => {
    const run = await serveBare(`127.0.0.1:${await freePort()}`, env);
    expect(run.served).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(message);
  });
});

describe('on loopback', () => {
  it('runs the local test checkout without being asked, as `npm start` does', async () => {
    const server = await loopbackServer({});
    const config = await (await fetch(`${server.url}${SERVER_ROUTES.config.path}`)).json();
    expect(config).toMatchObject({ billingMode: 'local' });
    const url = await checkoutUrl(server);
    expect(url).toMatch(/\/api\/adscout\/local\/checkout\/[A-Za-z0-9]{48}$/);
    expect(await (await fetch(url)).text()).toContain('Test checkout — no real payment');
    await server.waitForOutput('billing: local test checkout');
  });

  it('ADSCOUT_BILLING=local wins over a Stripe key, with a warning at start', async () => {
    const server = await loopbackServer({ ...STRIPE, ADSCOUT_BILLING: 'local' });
    await server.waitForOutput(
      'WARNING: ADSCOUT_BILLING=local overrides STRIPE_SECRET_KEY: billing is the local test checkout',
    );
    const config = await (await fetch(`${server.url}${SERVER_ROUTES.config.path}`)).json();
    expect(config).toMatchObject({ billingMode: 'local' });
    expect(await checkoutUrl(server)).toContain(pathBeforeParams(SERVER_ROUTES.localCheckoutPage));
  });
});
