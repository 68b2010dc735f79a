/**
 * The config area (pb_hooks/config.pb.js): server settings from the environment, the public
 * config route and the start-up report. Other areas read settings only through here.
 */
import { publicConfig, startupReport } from './settings.ts';

export { appUrl, env, origin, positiveEnv } from './env.ts';
export { billingMode, publicConfig, scoutSource, startupReport, STRIPE_PRICE_ENV } from './settings.ts';

/** GET /api/adscout/config: public settings the browser needs before anyone logs in. */
export function handleConfig(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, publicConfig());
}

/** Reports missing configuration once per server start (not for CLI commands like `migrate`). */
export function reportStartup(): void {
  if ($os.args.indexOf('serve') < 0) return;
  for (const line of startupReport()) console.log(`[adscout] ${line}`);
}
