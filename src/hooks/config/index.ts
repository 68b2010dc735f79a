/**
 * The config area (pb_hooks/config.pb.js): server settings from the environment, the start-up
 * check and settings, the service accounts, the batch API's access, and the public config route.
 * Other areas read settings only through here; the site (src/hooks/site) serves the pages.
 */
import { publicConfig } from './settings.ts';

export { provisionAccounts, provisionWorkerAccount } from './accounts.ts';
export { emailHmac } from './audit-key.ts';
export { checkBatchRequest } from './batch-access.ts';
export { appUrl, behindTrustedProxy, env, origin, positiveEnv, requestScheme } from './env.ts';
export { publicDirOf, serveCommand } from './server-settings.ts';
export type { AiSettings } from './ai-settings.ts';
export {
  aiConfig,
  billingMode,
  fetchAllow,
  publicConfig,
  scoutSource,
  startupReport,
  STRIPE_PRICE_ENV,
} from './settings.ts';
export { readSecret, serverSecret } from './server-secrets.ts';
export { startServer } from './startup.ts';
export { answerHealthWithReplica, backUp, optimizeDatabases } from './replica.ts';
export { currentVapidKeys, vapidKeysFor } from './vapid-keys.ts';

/** SERVER_ROUTES.config: public settings the browser needs before anyone logs in. */
export function handleConfig(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, publicConfig());
}
