/**
 * What PocketBase serves besides the API (src/domain/pages/static-files.ts): browser caching of the built
 * app (hashed assets for a year; pages, index.html and the service worker revalidated every time)
 * and a real robots.txt and sitemap.xml of the prerendered pages instead of the SPA fallback's HTML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webBuildDir } from '../../scripts/bootstrap.mjs';
import { pageTitle, prerenderedPages } from '../../src/domain/pages/routes.ts';
import { prerenderedFile } from '../../src/domain/pages/static-files.ts';
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

/** A GET without fetch's transparent decompression: the status, headers and bytes as sent. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string | undefined; vary: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          vary: String(response.headers.vary ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('compression', () => {
  const assets = readdirSync(join(webBuildDir(), 'assets'));
  const largest = (extension: string) =>
    assets
      .filter((name) => name.endsWith(extension))
      .map((name) => ({ name, size: readFileSync(join(webBuildDir(), 'assets', name)).length }))
      .sort((a, b) => b.size - a.size)[0]!.name;

  it.each([
    [
      'the largest script',
      () => `/assets/${largest('.js')}`,
      (path: string) => join('assets', path.slice(8)),
    ],
    ['the stylesheet', () => `/assets/${largest('.css')}`, (path: string) => join('assets', path.slice(8))],
    ['a prerendered page', () => '/login', () => prerenderedFile('/login')],
    ['the landing page', () => '/', () => prerenderedFile('/')],
    ['the app shell', () => '/index.html', () => 'index.html'],
  ])(
    '%s is gzipped for a browser that accepts it, and plain for one that does not',
    async (_, pathOf, fileOf) => {
      const path = pathOf();
      const file = readFileSync(join(webBuildDir(), fileOf(path)));
      const gzipped = await rawGet(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(gzipped.status).toBe(200);
      expect(gzipped.encoding).toBe('gzip');
      expect(gzipped.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(gzipped.body).equals(file)).toBe(true);
      if (file.length > 4000) expect(gzipped.body.length).toBeLessThan(file.length / 2);
      const plain = await rawGet(path, {});
      expect(plain.status).toBe(200);
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.equals(file)).toBe(true);
    },
  );

  it('a missing asset is a 404 that no one keeps, not the app shell', async () => {
    const response = await fetch(`${server.url}/assets/no-such-file-0123.js`);
    expect(response.status).toBe(404);
    // an asset of a deploy still being copied: cached for a year, it would stay missing
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).not.toContain('<div id="root">');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is text that keeps crawlers out of the app and the API', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('Disallow: /app/');
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('sitemap.xml lists the prerendered pages on the address the server was reached at', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(prerenderedPages().map((page) => `${server.url}${page.path}`));
  });
});

describe('prerendered public pages', () => {
  // the product's headings of the pages this branch prerenders; any other public page must still
  // answer with its prerendered file and a heading.
  const HEADINGS: Record<string, string> = {
    '/': 'Where winning ads are found — not guessed.',
    '/contact': 'Contact',
    '/support': 'Need Help?',
    '/terms': 'Terms of Service',
    '/privacy': 'Privacy Policy',
    '/login': 'Welcome Back',
    '/register': 'Create Account',
    '/subscribe': 'Choose Your Plan',
  };
  const emptyShell = () => readFileSync(join(webBuildDir(), 'index.html'), 'utf8');

  it.each(prerenderedPages().map((page) => page.path))(
    '%s answers at its exact path with its prerendered HTML',
    async (path) => {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toBeTruthy();
      const html = await response.text();
      expect(html).toBe(readFileSync(join(webBuildDir(), prerenderedFile(path)), 'utf8'));
      const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
      expect(heading).toBeTruthy();
      if (HEADINGS[path]) expect(heading).toBe(HEADINGS[path]);
      expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toBe(pageTitle(path));
      // no inline script (the CSP blocks it): the page's only script is the app's module
      expect(html.match(/<script\b[^>]*>/g)).toEqual([
        expect.stringMatching(/^<script type="module" crossorigin src="\/assets\//),
      ]);
      expect(html).not.toMatch(/\sstyle="/);
    },
  );

  // /index.html too: the service worker precaches it as the fallback of every navigation
  it.each(['/index.html', '/app/search', '/app/history', '/no-such-page', '/login/extra'])(
    '%s gets the empty app shell',
    async (path) => {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toBe(emptyShell());
      expect(html).toContain('<div id="root"></div>');
    },
  );
});
