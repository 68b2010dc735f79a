/**
 * What PocketBase serves besides the API (src/domain/public-pages.ts): browser caching of the built
 * app (hashed assets for a year; pages, index.html and the service worker revalidated every time)
 * and a real robots.txt and sitemap.xml of the public pages instead of the SPA fallback's HTML.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webBuildDir } from '../../scripts/bootstrap.mjs';
import { PUBLIC_PAGES } from '../../src/domain/public-pages.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { NO_BILLING_ENV } from './security/support.ts';

let server: TestServer;

beforeAll(async () => {
  await ensureWebBuild();
  server = await startTestServer({ env: NO_BILLING_ENV, publicDir: webBuildDir() });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('Cache-Control', () => {
  it('hashed /assets/* are kept for a year', async () => {
    const asset = readdirSync(join(webBuildDir(), 'assets')).find((name) => name.endsWith('.js'));
    const response = await fetch(`${server.url}/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/login', '/app/history', '/sw.js'])(
    '%s is revalidated on every load',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is text that keeps crawlers out of the app and the API', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('Disallow: /app/');
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages on the address the server was reached at', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGES.map((page) => `${server.url}${page.path}`));
  });
});
