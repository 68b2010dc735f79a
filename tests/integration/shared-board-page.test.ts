/**
 * The shared board's page as the server serves it (docs/boards.md#the-shared-page): share.html at
 * /s/<token> for any token, its own entry and never the app shell, gzipped, kept out of search
 * engines (X-Robots-Tag and the page's meta) and out of shared caches, and not hidden from
 * crawlers by robots.txt (they must fetch it to see the noindex). Whether a token is valid is the
 * data route's business (SERVER_ROUTES.sharedBoard), which the page reads.
 */
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webBuildDir } from '../../scripts/bootstrap.mjs';
import { HTML_PAGES } from '../../scripts/lib/entries.mjs';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import {
  NOINDEX,
  SHARED_BOARD_PAGE_CACHE,
  SHARED_BOARD_PAGE_FILE,
} from '../../src/domain/pages/static-files.ts';
import { SHARE_TOKEN } from '../fixtures/shared-board-page.ts';
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

const shareHtml = () => readFileSync(join(webBuildDir(), SHARED_BOARD_PAGE_FILE), 'utf8');

/** A GET without fetch's transparent decompression. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('GET /s/{token}', () => {
  it('the build and the server name the same page', () => {
    expect(HTML_PAGES.share).toBe(SHARED_BOARD_PAGE_FILE);
  });

  it.each([SHARE_TOKEN, 'anything', 'never-issued-token-0000000000'])(
    '/s/%s answers the shared page, noindex, in no shared cache',
    async (token) => {
      const response = await fetch(`${server.url}${SERVER_ROUTES.sharedBoardPage.url(token)}`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('x-robots-tag')).toBe(NOINDEX);
      expect(response.headers.get('cache-control')).toBe(SHARED_BOARD_PAGE_CACHE);
      // the security headers of every page of the app
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const html = await response.text();
      expect(html).toBe(shareHtml());
    },
  );

  it('is its own page: noindex, no app shell, no manifest, no service worker, no inline script', async () => {
    const html = await (await fetch(`${server.url}${SERVER_ROUTES.sharedBoardPage.url(SHARE_TOKEN)}`)).text();
    const appShell = readFileSync(join(webBuildDir(), 'index.html'), 'utf8');
    expect(html).not.toBe(appShell);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('<div id="root">');
    expect(html).not.toMatch(/rel="manifest"/);
    expect(html).not.toMatch(/registerSW|sw\.js/);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/share-/),
    ]);
    // the page's script and style are its own: nothing of the app's chunks
    const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(files.sort()).toEqual([
      expect.stringMatching(/^assets\/share-.+\.css$/),
      expect.stringMatching(/^assets\/share-.+\.js$/),
    ]);
    for (const file of files) {
      const asset = await fetch(`${server.url}/${file}`);
      expect(asset.status).toBe(200);
      const text = await asset.text();
      expect(text).not.toMatch(/serviceWorker\.register|navigator\.serviceWorker/);
    }
  });

  it("is left out of the app's service worker precache", () => {
    const sw = readFileSync(join(webBuildDir(), 'sw.js'), 'utf8');
    expect(sw).not.toContain(SHARED_BOARD_PAGE_FILE);
    expect(sw).not.toMatch(/assets\/share-/);
  });

  it('is gzipped for a browser that accepts it', async () => {
    const path = SERVER_ROUTES.sharedBoardPage.url(SHARE_TOKEN);
    const gzipped = await rawGet(path, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.encoding).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(shareHtml());
    const plain = await rawGet(path, {});
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(shareHtml());
  });

  it('robots.txt lets crawlers reach /s/ (to read its noindex)', async () => {
    const text = await (await fetch(`${server.url}${SERVER_ROUTES.robots.path}`)).text();
    const disallowed = [...text.matchAll(/^Disallow:\s*(\S+)/gm)].map((match) => match[1]!);
    expect(disallowed.length).toBeGreaterThan(0);
    for (const prefix of disallowed) expect('/s/some-token'.startsWith(prefix), prefix).toBe(false);
  });
});
