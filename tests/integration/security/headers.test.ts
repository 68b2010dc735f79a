/**
 * docs/going-live.md#security-headers: security headers on every page of the app PocketBase serves from
 * the built PWA — the landing page, /app/* through the SPA fallback, the service worker and the
 * manifest — and not on PocketBase's admin UI (/_/) or the API. HSTS only over HTTPS, and
 * X-Forwarded-Proto trusted only behind TRUSTED_PROXY_HEADERS (where links use APP_URL). The
 * e2e suite runs the whole app under this policy (its console-error guard fails on a violation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webBuildDir } from '../../../scripts/bootstrap.mjs';
import { startTestServer, type TestServer } from '../harness.ts';
import { NO_BILLING_ENV } from './support.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { pathBeforeParams } from '../../fixtures/route-paths.ts';

let plain: TestServer;
let proxied: TestServer;
/** The proxied server's APP_URL: a server behind a proxy does not start without one. */
const PUBLIC_ORIGIN = 'https://adscout.example.test';

beforeAll(async () => {
  await ensureWebBuild();
  [plain, proxied] = await Promise.all([
    startTestServer({ env: { ...NO_BILLING_ENV, DEMO_VIDEO_URL: '' }, publicDir: webBuildDir() }),
    startTestServer({
      env: {
        ...NO_BILLING_ENV,
        TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
        APP_URL: PUBLIC_ORIGIN,
        ADSCOUT_BILLING: 'local',
        DEMO_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/adscout-demo?rel=0',
      },
      publicDir: webBuildDir(),
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), proxied?.stop()]);
});

function directives(response: Response): Map<string, string> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .filter((part) => part.trim())
      .map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

describe('the app’s pages', () => {
  it.each(['/', '/app/search', '/app/database', '/login', '/no/such/page'])(
    '%s is the app’s HTML with the CSP and the other headers',
    async (path) => {
      const response = await fetch(`${plain.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      // the empty app shell, or a public page prerendered into it (/, /login)
      expect(await response.text()).toContain('<div id="root">');
      const csp = directives(response);
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(csp.get('img-src')).toContain('https:');
      expect(csp.get('media-src')).toContain('https:');
      expect(csp.get('frame-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // plain http: no HSTS
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('the service worker, its Workbox runtime and the manifest load, under the same policy', async () => {
    const sw = await fetch(`${plain.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    // the service worker loads its Workbox runtime from the app's origin (script-src 'self')
    const workbox = /(?:importScripts|define)\(\[?\s*["']\.\/(workbox-[\w-]+?)(?:\.js)?["']/.exec(
      await sw.text(),
    );
    expect(workbox).not.toBeNull();
    const runtime = await fetch(`${plain.url}/${workbox![1]}.js`);
    expect(runtime.status).toBe(200);
    const manifest = await fetch(`${plain.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    for (const response of [sw, runtime, manifest])
      expect(directives(response).get('script-src')).toBe("'self'");
  });

  it('frames only the origin of DEMO_VIDEO_URL', async () => {
    expect(directives(await fetch(`${proxied.url}/`)).get('frame-src')).toBe(
      'https://www.youtube-nocookie.com',
    );
  });
});

describe('what is not the app keeps its own headers', () => {
  it('PocketBase’s admin UI keeps PocketBase’s policy, and the API gets none', async () => {
    const admin = await fetch(`${plain.url}/_/`);
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-security-policy')).toContain('tile.openstreetmap.org');
    expect(admin.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const api = await fetch(`${plain.url}${SERVER_ROUTES.config.path}`);
    expect(api.headers.get('content-security-policy')).toBeNull();
  });

  it('the local test checkout keeps its own, stricter policy', async () => {
    const user = await plain.createUser('buyer');
    const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
      method: 'POST',
      body: { product: 'monthly' },
    });
    const page = await fetch(url);
    const csp = directives(page);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('HTTPS behind a proxy', () => {
  const overHttps = { headers: { 'X-Forwarded-Proto': 'https' } };

  it('HSTS when a trusted proxy says the request came over https, never on a bare header', async () => {
    expect(
      (await fetch(`${proxied.url}/app/search`, overHttps)).headers.get('strict-transport-security'),
    ).toBe('max-age=31536000');
    expect((await fetch(`${proxied.url}/app/search`)).headers.get('strict-transport-security')).toBeNull();
    expect(
      (await fetch(`${plain.url}/app/search`, overHttps)).headers.get('strict-transport-security'),
    ).toBeNull();
  });

  it('links use APP_URL behind a proxy, and on loopback the request’s address, never a bare header', async () => {
    const checkoutFrom = async (server: TestServer) => {
      const user = await server.createUser('redirected');
      user.pb.beforeSend = (url, options) => {
        options.headers = { ...(options.headers ?? {}), 'X-Forwarded-Proto': 'https' };
        return { url, options };
      };
      const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
        method: 'POST',
        body: { product: 'monthly' },
      });
      return url;
    };
    const host = (server: TestServer) => new URL(server.url).host;
    expect(await checkoutFrom(proxied)).toMatch(
      new RegExp(`^${PUBLIC_ORIGIN}${pathBeforeParams(SERVER_ROUTES.localCheckoutPage)}`),
    );
    expect(await checkoutFrom(plain)).toMatch(
      new RegExp(`^http://${host(plain)}${pathBeforeParams(SERVER_ROUTES.localCheckoutPage)}`),
    );
  });
});
