/**
 * The site area (pb_hooks/site.pb.js): what the server answers besides the API — the prerendered
 * public pages and the app shell, robots.txt and sitemap.xml, the build's hashed files, and the
 * security and caching headers of every page of the app. Settings come from src/hooks/config.
 */
import { robotsTxt, sitemapXml } from '../../domain/pages/static-files.ts';
import { origin } from '../config/index.ts';

export { assetsDir, handlePrerenderedPage, handleSharedBoardPage } from './pages.ts';
export { handleResponseHeaders } from './response-headers.ts';

/** SERVER_ROUTES.robots: crawl the public pages, not the app or the API; where the sitemap is. */
export function handleRobots(e: core.RequestEvent): void {
  e.response.header().set('Content-Type', 'text/plain; charset=utf-8');
  e.response.header().set('Cache-Control', 'public, max-age=3600');
  return e.string(200, robotsTxt(origin(e)));
}

/** SERVER_ROUTES.sitemap: the prerendered pages, on the app's public origin. */
export function handleSitemap(e: core.RequestEvent): void {
  e.response.header().set('Content-Type', 'application/xml; charset=utf-8');
  e.response.header().set('Cache-Control', 'public, max-age=3600');
  return e.string(200, sitemapXml(origin(e)));
}
