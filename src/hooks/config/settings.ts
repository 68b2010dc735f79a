/**
 * What the configuration means for the product: the billing mode, the settings the browser may
 * see (SERVER_ROUTES.config) and the start-up report of missing settings.
 */
import { parseEndpointList } from '../../domain/net/endpoint.ts';
import { DEFAULT_CONFIG } from '../../domain/pages/config.ts';
import { SCOUT_SOURCES, type BillingMode, type ScoutSource } from '../../domain/records/constants.ts';
import type { CheckoutProduct } from '../../domain/billing/plans.ts';
import { AI_ENV_NAMES, aiSettings, type AiEnv } from './ai-settings.ts';
import { env } from './env.ts';
import { billingModeOf, type BillingEnv } from './server-settings.ts';
import { vapidPublicKey } from './vapid-keys.ts';

/** The environment variable holding the Stripe price id of each checkout product. */
export const STRIPE_PRICE_ENV: { readonly [P in CheckoutProduct]: string } = {
  monthly: 'STRIPE_PRICE_MONTHLY',
  yearly: 'STRIPE_PRICE_YEARLY',
  pack_100: 'STRIPE_PRICE_PACK_100',
  pack_500: 'STRIPE_PRICE_PACK_500',
  pack_1000: 'STRIPE_PRICE_PACK_1000',
};

/** The billing settings of the environment. */
export function billingEnv(): BillingEnv {
  return {
    billing: env('ADSCOUT_BILLING'),
    stripeSecretKey: env('STRIPE_SECRET_KEY'),
    stripeWebhookSecret: env('STRIPE_WEBHOOK_SECRET'),
  };
}

/**
 * ADSCOUT_BILLING when set, else `stripe` as soon as a secret key is configured, else `local`.
 * The start-up check (startup.ts) has refused every unsafe combination before a request comes.
 */
export function billingMode(): BillingMode {
  return billingModeOf(billingEnv());
}

function isScoutSource(value: string): value is ScoutSource {
  return (SCOUT_SOURCES as readonly string[]).indexOf(value) >= 0;
}

/** The scout source runs are stored with: SCOUT_SOURCE when valid, else the default (demo). */
export function scoutSource(): ScoutSource {
  const source = env('SCOUT_SOURCE');
  return isScoutSource(source) ? source : DEFAULT_CONFIG.scoutSource;
}

/**
 * MEDIA_FETCH_ALLOW: the private `host:port` endpoints the server may reach (http too), as the
 * worker reads them (src/worker/config.ts); a push endpoint they name may be saved
 * (docs/push.md#subscriptions). Throws the reason for a bad entry; startup.ts refuses to start on it.
 */
export function fetchAllow(): string[] {
  return parseEndpointList('MEDIA_FETCH_ALLOW', env('MEDIA_FETCH_ALLOW'));
}

/** Why MEDIA_FETCH_ALLOW must not be started with; empty when it may. */
export function fetchAllowErrors(): string[] {
  try {
    fetchAllow();
    return [];
  } catch (error) {
    return [String((error as Error).message)];
  }
}

/**
 * The AI model of briefs and what is wrong with its settings (ai-settings.ts); startup.ts refuses
 * to start on the errors, so a running server reads `settings` alone.
 */
export function aiConfig() {
  const values = {} as AiEnv;
  for (const name of AI_ENV_NAMES) values[name] = env(name);
  return aiSettings(values);
}

/** The settings the browser may see: SERVER_ROUTES.config. */
export function publicConfig() {
  return {
    communityChatUrl: env('COMMUNITY_CHAT_URL') || DEFAULT_CONFIG.communityChatUrl,
    demoVideoUrl: env('DEMO_VIDEO_URL') || DEFAULT_CONFIG.demoVideoUrl,
    billingMode: billingMode(),
    scoutSource: scoutSource(),
    vapidPublicKey: vapidPublicKey(),
  };
}

/** One log line per missing or invalid setting, written once when the server boots. */
export function startupReport(): string[] {
  const lines: string[] = [];
  const mode = billingMode();
  const why = env('ADSCOUT_BILLING')
    ? `ADSCOUT_BILLING=${mode}`
    : mode === 'stripe'
      ? 'STRIPE_SECRET_KEY is set'
      : 'STRIPE_SECRET_KEY is not set, loopback address';
  lines.push(mode === 'stripe' ? `billing: stripe (${why})` : `billing: local test checkout (${why})`);
  const source = env('SCOUT_SOURCE');
  if (!source) lines.push('scout source: demo (SCOUT_SOURCE is not set)');
  else if (!isScoutSource(source))
    lines.push(`scout source: demo (SCOUT_SOURCE=${source} is not one of ${SCOUT_SOURCES.join(', ')})`);
  else lines.push(`scout source: ${source}`);
  const defaults: [string, string][] = [
    ['COMMUNITY_CHAT_URL', `default ${DEFAULT_CONFIG.communityChatUrl}`],
    ['DEMO_VIDEO_URL', 'the landing page shows a poster instead of the video'],
    ['APP_URL', 'links use the address the request came to (loopback only)'],
    ['TRUSTED_PROXY_HEADERS', 'client addresses and https are taken from the connection, not from a proxy'],
  ];
  if (!env('BACKUP_S3_BUCKET'))
    lines.push(
      "backups: on this server's disk only (BACKUP_S3_* is not set); copy them elsewhere, or set BACKUP_S3_*, before going live",
    );
  if (mode === 'stripe') {
    for (const name of Object.values(STRIPE_PRICE_ENV))
      defaults.push([name, 'that product cannot be bought']);
  }
  for (const [name, consequence] of defaults) {
    if (!env(name)) lines.push(`${name} is not set: ${consequence}`);
  }
  return lines;
}
