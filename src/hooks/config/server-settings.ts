/**
 * What the server's environment means at start-up (docs/configuration.md,
 * docs/invariants.md#invariant-11-no-paid-access-without-payment): the billing mode and whether it is safe on
 * the address the server listens on, the scheduled backups, and the trusted proxy headers. Pure functions:
 * the hooks pass in `$os.args` and the variables.
 */
import type { BillingMode } from '../../domain/records/constants.ts';
import { parseHttpUrl } from '../../domain/text/url.ts';
import { s3EnvNames, s3Settings, type S3Settings } from '../../domain/config/s3-settings.ts';

/** PocketBase's own default when `serve` gets neither --http nor a domain. */
export const POCKETBASE_DEFAULT_HTTP = '127.0.0.1:8090';

// `serve` flags (and PocketBase's global flags) that take a value; any other flag is a switch.
const VALUE_FLAGS = [
  'dir',
  'encryptionEnv',
  'queryTimeout',
  'origins',
  'http',
  'https',
  'migrationsDir',
  'hooksDir',
  'hooksPool',
  'publicDir',
];

/** The parts of a command line that decide where `serve` listens. */
export interface ServeCommand {
  http: string;
  https: string;
  domains: string[];
  /** --publicDir as given ('' for PocketBase's default, publicDirOf). */
  publicDir: string;
}

/** The `serve` command in `args` (PocketBase's os.Args), or null when it runs another command. */
export function serveCommand(args: readonly string[]): ServeCommand | null {
  const words = args.slice(1);
  const found: ServeCommand = { http: '', https: '', domains: [], publicDir: '' };
  let serving = false;
  for (let i = 0; i < words.length; i++) {
    const word = String(words[i]);
    if (word === '--') {
      if (serving) found.domains.push(...words.slice(i + 1).map(String));
      break;
    }
    const flag = /^--?([^=]+)(?:=(.*))?$/.exec(word);
    if (flag) {
      const name = flag[1] ?? '';
      const inline = flag[2];
      if (VALUE_FLAGS.indexOf(name) < 0) continue;
      const value = inline !== undefined ? inline : String(words[++i] ?? '');
      if (name === 'http') found.http = value;
      if (name === 'https') found.https = value;
      if (name === 'publicDir') found.publicDir = value;
      continue;
    }
    if (!serving) {
      if (word !== 'serve') return null;
      serving = true;
    } else {
      found.domains.push(word);
    }
  }
  return serving ? found : null;
}

/**
 * The directory `serve` serves the built app from: --publicDir, or PocketBase's default, pb_public
 * next to the executable (args[0]).
 */
export function publicDirOf(command: ServeCommand, args: readonly string[]): string {
  if (command.publicDir) return command.publicDir;
  const executable = String(args[0] ?? '');
  const slash = executable.lastIndexOf('/');
  return `${slash >= 0 ? executable.slice(0, slash) : '.'}/pb_public`;
}

/** Every address `serve` listens on, as PocketBase decides them (cmd/serve.go). */
export function listenAddresses(command: ServeCommand): string[] {
  const withDomains = command.domains.length > 0;
  const http = command.http || (withDomains ? '0.0.0.0:80' : POCKETBASE_DEFAULT_HTTP);
  const https = command.https || (withDomains ? '0.0.0.0:443' : '');
  return https ? [http, https] : [http];
}

/** The host of a `host:port` listen address ('' for ':8090', which means every interface). */
function hostOf(address: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(address);
  if (bracketed) return bracketed[1] ?? '';
  const colon = address.lastIndexOf(':');
  return colon >= 0 ? address.slice(0, colon) : address;
}

/** True for a listen address only this machine can reach: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackAddress(address: string): boolean {
  const host = hostOf(address.trim()).toLowerCase();
  if (host === 'localhost' || host === '::1' || /^0{0,4}(:0{0,4}){1,6}:0{0,3}1$/.test(host)) return true;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!v4) return false;
  return v4[1] === '127' && v4.slice(1).every((octet) => Number(octet) <= 255);
}

/** The billing settings of the environment. */
export interface BillingEnv {
  /** ADSCOUT_BILLING ('' when unset). */
  billing: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
}

/** The mode the server bills in: ADSCOUT_BILLING when set, else `stripe` with a key, else `local`. */
export function billingModeOf(env: Pick<BillingEnv, 'billing' | 'stripeSecretKey'>): BillingMode {
  const chosen = env.billing.trim().toLowerCase();
  if (chosen === 'local' || chosen === 'stripe') return chosen;
  return env.stripeSecretKey ? 'stripe' : 'local';
}

export interface BillingCheck {
  mode: BillingMode;
  /** Reasons to refuse to start; empty when the server may start. */
  errors: string[];
  warnings: string[];
}

const HOW_TO_BILL =
  'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments, or ADSCOUT_BILLING=local to run the test checkout on purpose (anyone who can reach the server can then give themselves any plan).';

/** How the server can be reached: its listen addresses, and what says it is public anyway. */
export interface Exposure {
  listen: readonly string[];
  /** TRUSTED_PROXY_HEADERS is set: a reverse proxy forwards clients to it. */
  behindProxy: boolean;
  /** APP_URL ('' when unset): the public origin the operator gave it. */
  appUrl: string;
}

/** Why the server is reachable by others, in words for the operator; empty when it is not. */
export function publicExposure(exposure: Exposure): string[] {
  const reasons: string[] = [];
  const publicAddresses = exposure.listen.filter((address) => !isLoopbackAddress(address));
  if (publicAddresses.length > 0)
    reasons.push(`the server listens on ${publicAddresses.join(', ')}, which is not a loopback address`);
  if (exposure.behindProxy) reasons.push('TRUSTED_PROXY_HEADERS says a reverse proxy forwards clients to it');
  const app = exposure.appUrl ? parseHttpUrl(exposure.appUrl) : null;
  if (exposure.appUrl && (!app || !isLoopbackAddress(`${app.host}:0`)))
    reasons.push(`APP_URL (${exposure.appUrl}) is not a loopback address`);
  return reasons;
}

/**
 * docs/invariants.md#invariant-11-no-paid-access-without-payment: the local test checkout (free plans for
 * anyone) runs only where nobody else can reach it — a loopback address, no proxy in front, no public APP_URL
 * — or when the operator asks for it; Stripe mode needs its key and webhook secret.
 */
export function checkBilling(env: BillingEnv, exposure: Exposure): BillingCheck {
  const chosen = env.billing.trim().toLowerCase();
  const mode = billingModeOf(env);
  const errors: string[] = [];
  const warnings: string[] = [];
  if (chosen && chosen !== 'local' && chosen !== 'stripe') {
    errors.push(`ADSCOUT_BILLING must be "stripe" or "local", not "${env.billing.trim()}".`);
    return { mode, errors, warnings };
  }
  if (mode === 'stripe') {
    const missing = [
      env.stripeSecretKey ? '' : 'STRIPE_SECRET_KEY',
      env.stripeWebhookSecret ? '' : 'STRIPE_WEBHOOK_SECRET',
    ].filter(Boolean);
    if (missing.length > 0) {
      const why = chosen ? 'ADSCOUT_BILLING=stripe' : 'Stripe billing (STRIPE_SECRET_KEY is set)';
      errors.push(
        `${why} needs ${missing.join(' and ')}: without them no payment can be taken or confirmed.`,
      );
    }
    return { mode, errors, warnings };
  }
  const reasons = publicExposure(exposure);
  if (chosen === 'local') {
    if (env.stripeSecretKey)
      warnings.push(
        'ADSCOUT_BILLING=local overrides STRIPE_SECRET_KEY: billing is the local test checkout and no real payment is taken.',
      );
    if (reasons.length > 0)
      warnings.push(
        `the local test checkout is public (${reasons.join('; ')}): anyone who can reach it can give themselves any plan (ADSCOUT_BILLING=local).`,
      );
    return { mode, errors, warnings };
  }
  if (reasons.length > 0) {
    errors.push(
      `Refusing to start: ${reasons.join('; ')}, and no billing is configured (ADSCOUT_BILLING and STRIPE_SECRET_KEY are not set). ${HOW_TO_BILL}`,
    );
  }
  return { mode, errors, warnings };
}

/** Scheduled backups as PocketBase's settings hold them (settings.backups). */
export interface BackupSettings {
  /** A cron expression, or '' for no scheduled backups. */
  cron: string;
  cronMaxKeep: number;
  s3: S3Settings;
}

/** The variables of the scheduled backups. */
export const BACKUP_ENV_NAMES = ['BACKUP_CRON', 'BACKUP_MAX_KEEP', ...s3EnvNames('BACKUP_S3')] as const;

export type BackupEnv = { [name in (typeof BACKUP_ENV_NAMES)[number]]: string };

export const BACKUP_DEFAULTS = { cron: '0 3 * * *', maxKeep: 7 } as const;

/** Turns scheduled backups off (for servers backed up another way). */
const BACKUP_OFF = 'off';

/** A five-field cron expression of numbers, ranges, lists, steps and `*` (PocketBase's syntax). */
const CRON_FIELD = /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/;

/** The backup settings the environment asks for, and what is wrong with it. */
export function backupSettings(env: BackupEnv): { settings: BackupSettings; errors: string[] } {
  const errors: string[] = [];
  const cronText = env.BACKUP_CRON.trim();
  let cron: string = BACKUP_DEFAULTS.cron;
  if (cronText.toLowerCase() === BACKUP_OFF) cron = '';
  else if (cronText) {
    const fields = cronText.split(/\s+/);
    if (fields.length !== 5 || !fields.every((field) => CRON_FIELD.test(field)))
      errors.push(
        `BACKUP_CRON must be a five-field cron expression such as "${BACKUP_DEFAULTS.cron}" (UTC) or "off", not "${cronText}".`,
      );
    else cron = fields.join(' ');
  }
  let cronMaxKeep: number = BACKUP_DEFAULTS.maxKeep;
  const keepText = env.BACKUP_MAX_KEEP.trim();
  if (keepText) {
    const keep = Number(keepText);
    if (!/^\d+$/.test(keepText) || keep < 1)
      errors.push(`BACKUP_MAX_KEEP must be a whole number of backups of at least 1, not "${keepText}".`);
    else cronMaxKeep = keep;
  }
  const s3 = s3Settings(env, 'BACKUP_S3', 'S3 backups need');
  return { settings: { cron, cronMaxKeep, s3: s3.settings }, errors: [...errors, ...s3.errors] };
}

/** The header names of TRUSTED_PROXY_HEADERS ("X-Forwarded-For, X-Real-IP"), and bad ones. */
export function trustedProxyHeaders(value: string): { headers: string[]; errors: string[] } {
  const headers: string[] = [];
  const errors: string[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (!name) continue;
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
      errors.push(`TRUSTED_PROXY_HEADERS: "${name}" is not an HTTP header name.`);
    else if (headers.every((h) => h.toLowerCase() !== name.toLowerCase())) headers.push(name);
  }
  return { headers, errors };
}
