/**
 * What the server serves for the pages besides the app's files: the prerendered HTML of each
 * prerendered page (routes.ts) at its exact path, browser caching of the built app, robots.txt
 * and sitemap.xml.
 */
import { ASSETS_BASE, SERVER_ROUTES } from '../api/routes.ts';
import { APP_BASE, prerenderedPages } from './routes.ts';

/**
 * Where the build puts the prerendered HTML of a page, inside the built app's directory
 * (scripts/prerender.mjs writes it, the server's route for the page reads it). Outside the
 * precache's reach: index.html stays the empty app shell, the service worker's fallback.
 */
export function prerenderedFile(path: string): string {
  return `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`;
}

/** Cache-Control of hashed build files: their name changes whenever their content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of files whose name stays (the HTML, the service worker): always revalidated. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * How long a browser may keep a file of the built app: hashed /assets/* for a year; the pages
 * (any path without a file extension, answered with HTML), the service worker, the scripts it
 * imports and its registration, the manifest and index.html must be checked on every load, or a
 * deploy would not reach returning visitors; anything else (icons, images) is left to the
 * server's default.
 */
export function cacheControlFor(path: string): string | null {
  if (path.startsWith(`${ASSETS_BASE}/`)) return IMMUTABLE_CACHE;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (!last.includes('.')) return REVALIDATE_CACHE;
  // sw-*.js: the scripts the service worker imports (vite.config.ts), checked with it on an update
  if (/^(index\.html|sw(-[\w-]+)?\.js|registerSW\.js|manifest\.webmanifest|workbox-[\w-]+\.js)$/.test(last)) {
    return REVALIDATE_CACHE;
  }
  return null;
}

/**
 * The shared board's page inside the built app (share.html, Vite's second entry), which the server
 * answers at SERVER_ROUTES.sharedBoardPage for every token.
 */
export const SHARED_BOARD_PAGE_FILE = 'share.html';
/**
 * Cache-Control of the shared board's page: its URL is the board's capability, so no shared cache
 * keeps it, and the browser asks again each time (it may keep it for the back button).
 */
export const SHARED_BOARD_PAGE_CACHE = 'private, no-cache';
/** X-Robots-Tag of what search engines must not index (the shared board's page, data and files). */
export const NOINDEX = 'noindex';
/** Cache-Control of a shared board's data and files: the token is the capability; nothing keeps them. */
export const SHARED_BOARD_DATA_CACHE = 'private, no-store';

/**
 * robots.txt: everything public may be crawled, the app and the API not; where the sitemap is. A
 * shared board's page (/s/…) is not disallowed: a crawler that finds a link must fetch the page to
 * see its noindex.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${APP_BASE}/`,
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}${SERVER_ROUTES.sitemap.path}`,
    '',
  ].join('\n');
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** sitemap.xml of the prerendered pages (sitemaps.org 0.9), absolute URLs on `origin`. */
export function sitemapXml(origin: string): string {
  const urls = prerenderedPages().map(
    (page) => `  <url><loc>${xmlText(`${origin}${page.path}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
