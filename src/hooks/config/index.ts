/**
 * The config area (pb_hooks/config.pb.js): server settings from the environment, the start-up
 * check and settings, the public config route, and the security headers of the app's pages.
 * Other areas read settings only through here.
 */
import { robotsTxt, sitemapXml } from '../../domain/pages/static-files.ts';
import { origin } from './env.ts';
import { publicConfig } from './settings.ts';

export { provisionAccounts, provisionWorkerAccount } from './accounts.ts';
export { emailHmac } from './audit-key.ts';
export { checkBatchRequest } from './batch-access.ts';
export { appUrl, behindTrustedProxy, env, origin, positiveEnv, requestScheme } from './env.ts';
export { billingMode, publicConfig, scoutSource, startupReport, STRIPE_PRICE_ENV } from './settings.ts';
export { handleSecurityHeaders } from './headers.ts';
export { assetsDir, handlePrerenderedPage, prerenderedRoutes } from './pages.ts';
export { startServer } from './startup.ts';

/** GET /api/adscout/config: public settings the browser needs before anyone logs in. */
export function handleConfig(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, publicConfig());
}

/** GET /robots.txt: crawl the public pages, not the app or the API; where the sitemap is. */
export function handleRobots(e: core.RequestEvent): void {
  e.response.header().set('Content-Type', 'text/plain; charset=utf-8');
  e.response.header().set('Cache-Control', 'public, max-age=3600');
  return e.string(200, robotsTxt(origin(e)));
}

/** GET /sitemap.xml: the prerendered pages, on the app's public origin. */
export function handleSitemap(e: core.RequestEvent): void {
  e.response.header().set('Content-Type', 'application/xml; charset=utf-8');
  e.response.header().set('Cache-Control', 'public, max-age=3600');
  return e.string(200, sitemapXml(origin(e)));
}
