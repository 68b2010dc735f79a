/** The worker's settings, read once from the environment that `npm start` (or an operator) sets. */
import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { DEFAULT_CONFIG } from '../domain/pages/config.ts';
import { SCOUT_SOURCES, type ScoutSource } from '../domain/records/entities.ts';

/** Settings of the ad sources (docs/configuration.md); tokens stay empty when unset. */
export interface SourceSettings {
  source: ScoutSource;
  apifyToken: string;
  /** Actor id or `owner~name` (an `owner/name` form is accepted and converted). */
  apifyActor: string;
  apifyBaseUrl: string;
  metaAccessToken: string;
  /** Graph API base including the version, e.g. https://graph.facebook.com/v25.0 */
  metaGraphBase: string;
  /** The demo source's pause per page of 25 ads. */
  demoPaceMs: number;
  /** DEMO_MEDIA_BASE (tests, benches): the demo's media as expiring links on this origin; '' = the app's own. */
  demoMediaBase: string;
}

export const SOURCE_DEFAULTS = {
  apifyActor: 'curious_coder~facebook-ads-library-scraper',
  apifyBaseUrl: 'https://api.apify.com',
  metaGraphBase: 'https://graph.facebook.com/v25.0',
  /** 100 ads (4 pages) in about 4 s, 1000 ads in about 40 s. */
  demoPaceMs: 1000,
} as const;

export interface WorkerConfig extends SourceSettings {
  pbUrl: string;
  email: string;
  password: string;
  name: string;
  /** How many runs (leases) the worker works at once (SCOUT_CONCURRENCY). */
  concurrency: number;
}

export const DEFAULT_CONCURRENCY = 16;
/** A bound on SCOUT_CONCURRENCY: every lease heartbeats, so thousands would flood the server. */
export const MAX_CONCURRENCY = 256;

/**
 * SCOUT_CONCURRENCY: unset or empty means the default; anything but a whole number from 1 to
 * MAX_CONCURRENCY stops the worker with the reason, rather than quietly running with another value.
 */
export function readConcurrency(value: string | undefined): number {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return DEFAULT_CONCURRENCY;
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(n >= 1 && n <= MAX_CONCURRENCY)) {
    throw new Error(
      `SCOUT_CONCURRENCY must be a whole number from 1 to ${MAX_CONCURRENCY} (got "${trimmed}")`,
    );
  }
  return n;
}

function baseUrl(value: string | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim().replace(/\/+$/, '');
  return trimmed || fallback;
}

/** Reads the source settings; a missing or unreadable value falls back to its default. */
export function readSourceSettings(env: NodeJS.ProcessEnv = process.env): SourceSettings {
  const requested = env.SCOUT_SOURCE ?? '';
  const source = (SCOUT_SOURCES as readonly string[]).includes(requested)
    ? (requested as ScoutSource)
    : (DEFAULT_CONFIG.scoutSource as ScoutSource);
  const pace = (env.SCOUT_DEMO_PACE_MS ?? '').trim();
  const demoPaceMs = /^\d+$/.test(pace) ? Number(pace) : SOURCE_DEFAULTS.demoPaceMs;
  return {
    source,
    apifyToken: (env.APIFY_TOKEN ?? '').trim(),
    apifyActor: (env.APIFY_ACTOR ?? '').trim().replace('/', '~') || SOURCE_DEFAULTS.apifyActor,
    apifyBaseUrl: baseUrl(env.APIFY_BASE_URL, SOURCE_DEFAULTS.apifyBaseUrl),
    metaAccessToken: (env.META_ACCESS_TOKEN ?? '').trim(),
    metaGraphBase: baseUrl(env.META_GRAPH_BASE, SOURCE_DEFAULTS.metaGraphBase),
    demoPaceMs,
    demoMediaBase: baseUrl(env.DEMO_MEDIA_BASE, ''),
  };
}

/** One line for the start-up log: the active source and its settings, never a token. */
export function describeSourceSettings(settings: SourceSettings): string {
  switch (settings.source) {
    case 'apify':
      return `apify (actor ${settings.apifyActor} at ${settings.apifyBaseUrl}, token ${settings.apifyToken ? 'set' : 'MISSING'})`;
    case 'meta':
      return `meta (${settings.metaGraphBase}/ads_archive, access token ${settings.metaAccessToken ? 'set' : 'MISSING'})`;
    default:
      return `demo (built-in catalogue, ${settings.demoPaceMs} ms per page)`;
  }
}

interface CredentialsFile {
  worker?: { email?: string; password?: string };
}

/**
 * The worker's own credentials from ADSCOUT_CREDENTIALS_FILE. The file must be its owner's alone
 * (mode 0600) and hold nothing but the worker's account: a worker host that is taken over must
 * not find another credential in it (npm start keeps the admin's in another file).
 */
function readCredentialsFile(path: string): CredentialsFile {
  const mode = statSync(path).mode & 0o777;
  if (mode & 0o077) {
    throw new Error(
      `${path} is readable by others (mode ${mode.toString(8)}): it holds the worker's password; chmod 600 it`,
    );
  }
  const file = JSON.parse(readFileSync(path, 'utf8')) as CredentialsFile;
  const others = Object.keys(file).filter((key) => key !== 'worker');
  if (others.length > 0) {
    throw new Error(
      `${path} holds other credentials than the worker's (${others.join(', ')}): give the worker a file with its own account only`,
    );
  }
  return file;
}

export function readWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const pbUrl = env.ADSCOUT_PB_URL || `http://${DEFAULT_CONFIG.httpAddress}`;
  let email = env.ADSCOUT_WORKER_EMAIL ?? '';
  let password = env.ADSCOUT_WORKER_PASSWORD ?? '';
  if ((!email || !password) && env.ADSCOUT_CREDENTIALS_FILE) {
    const file = readCredentialsFile(env.ADSCOUT_CREDENTIALS_FILE);
    email ||= file.worker?.email ?? '';
    password ||= file.worker?.password ?? '';
  }
  if (!email || !password) {
    throw new Error(
      'the worker needs its account in the workers collection: set ADSCOUT_CREDENTIALS_FILE (npm start does) or ADSCOUT_WORKER_EMAIL and ADSCOUT_WORKER_PASSWORD',
    );
  }
  return {
    ...readSourceSettings(env),
    pbUrl,
    email,
    password,
    name: env.ADSCOUT_WORKER_NAME || `${hostname()}-${process.pid}`,
    concurrency: readConcurrency(env.SCOUT_CONCURRENCY),
  };
}
