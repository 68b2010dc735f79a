/**
 * The links the server builds (Stripe's success, cancel and return pages, robots.txt and
 * sitemap.xml, which caches keep for an hour) never come from a client's Host header where others
 * can reach the server: such a server (going-live point 1: it listens beyond loopback, or
 * TRUSTED_PROXY_HEADERS says a proxy forwards to it) does not start without APP_URL, whatever the
 * billing mode, and names APP_URL. On loopback, `npm start` needs no setting at all.
 * Non-loopback address used: 198.51.100.7 (RFC 5737), which no machine here owns, so a server
 * that passes the check stops with PocketBase's own bind error (billing-mode.test.ts).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/stack.mjs';
import { startTestServer, type TestServer } from '../harness.ts';
import { NO_BILLING_ENV, serveBare } from './support.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { pathBeforeParams } from '../../fixtures/route-paths.ts';

const UNOWNED = '198.51.100.7';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_test' };
const NAMES_APP_URL = /AdScout cannot start: .*APP_URL is not set/s;
const PUBLIC_ORIGIN = 'https://adscout.example.test';

describe('a server others can reach', () => {
  it.each([
    ['listens beyond loopback, Stripe billing', `${UNOWNED}`, STRIPE],
    ['listens beyond loopback, the test checkout on purpose', `${UNOWNED}`, { ADSCOUT_BILLING: 'local' }],
    [
      'sits behind a trusted proxy, Stripe billing',
      '127.0.0.1',
      { ...STRIPE, TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' },
    ],
    [
      'sits behind a trusted proxy, the test checkout on purpose',
      '127.0.0.1',
      { ADSCOUT_BILLING: 'local', TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' },
    ],
  ])('does not start without APP_URL: %s', async (_, host, env) => {
    const run = await serveBare(`${host}:${await freePort()}`, env);
    expect(run.served).toBe(false);
    expect(run.code, run.output).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.output).toMatch(NAMES_APP_URL);
    expect(run.output).not.toMatch(/Server started/);
  });

  it('refuses an APP_URL that is not an http(s) URL', async () => {
    const run = await serveBare(`127.0.0.1:${await freePort()}`, {
      ...STRIPE,
      TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
      APP_URL: 'adscout.example.test',
    });
    expect(run.served).toBe(false);
    expect(run.output).toContain('APP_URL must be an http(s) URL, not "adscout.example.test".');
  });
});

/** GET `path` with the Host and X-Forwarded-Host headers a client chose (fetch cannot set Host). */
function getWithHost(server: TestServer, path: string, host: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port,
        path,
        headers: { Host: host, 'X-Forwarded-Host': host, 'X-Forwarded-Proto': 'https' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe('the links a server builds', () => {
  let proxied: TestServer;
  let loopback: TestServer;
  beforeAll(async () => {
    [proxied, loopback] = await Promise.all([
      startTestServer({
        env: {
          ...NO_BILLING_ENV,
          ADSCOUT_BILLING: 'local',
          TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
          APP_URL: PUBLIC_ORIGIN,
        },
      }),
      // what `npm start` runs: loopback, no setting at all
      startTestServer({ env: NO_BILLING_ENV }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied?.stop(), loopback?.stop()]);
  });

  it('behind a proxy: robots.txt, sitemap.xml and checkout links are on APP_URL, whatever Host says', async () => {
    const robots = await getWithHost(proxied, '/robots.txt', 'evil.example');
    expect(robots).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
    const sitemap = await getWithHost(proxied, '/sitemap.xml', 'evil.example');
    expect(sitemap).toContain(`<loc>${PUBLIC_ORIGIN}/</loc>`);
    for (const text of [robots, sitemap]) expect(text).not.toContain('evil.example');
    const user = await proxied.createUser('buyer');
    const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
      method: 'POST',
      body: { product: 'monthly' },
    });
    expect(url.startsWith(`${PUBLIC_ORIGIN}${pathBeforeParams(SERVER_ROUTES.localCheckoutPage)}`)).toBe(true);
  });

  it('on loopback with no setting: the server starts, and links use the address it was reached at', async () => {
    const config = await (await fetch(`${loopback.url}${SERVER_ROUTES.config.path}`)).json();
    expect(config).toMatchObject({ billingMode: 'local' });
    const robots = await (await fetch(`${loopback.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${loopback.url}/sitemap.xml`);
  });
});
