/**
 * The config area (pb_hooks/config.pb.js): server settings from the environment, the start-up
 * check and settings, the public config route, and the security headers of the app's pages.
 * Other areas read settings only through here.
 */
import { publicConfig } from './settings.ts';

export { appUrl, behindTrustedProxy, env, origin, positiveEnv, requestScheme } from './env.ts';
export { billingMode, publicConfig, scoutSource, startupReport, STRIPE_PRICE_ENV } from './settings.ts';
export { handleSecurityHeaders } from './headers.ts';
export { startServer } from './startup.ts';

/** GET /api/adscout/config: public settings the browser needs before anyone logs in. */
export function handleConfig(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, publicConfig());
}
