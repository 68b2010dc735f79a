/** The worker's settings, read once from the environment that `npm start` (or an operator) sets. */
import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  MEDIA_CONCURRENCY_DEFAULT,
  VIDEO_MAX_MB_CEILING,
  VIDEO_MAX_MB_DEFAULT,
} from '../domain/media/creative-limits.ts';
import { parseEndpointList } from '../domain/net/endpoint.ts';
import { REPORT_CLAIM_MAX } from '../domain/reports/report-contract.ts';
import { TEXT_CLAIM_MAX } from '../domain/tags/text-contract.ts';
import { transcribeSettingsErrors } from '../domain/tags/transcribe-settings.ts';
import { parseHttpUrl } from '../domain/text/url.ts';
import { DEFAULT_CONFIG } from '../domain/pages/config.ts';
import { PUSH_CONCURRENCY_DEFAULT, PUSH_CONCURRENCY_MAX } from '../domain/push/push-rules.ts';
import { DEMO_DAY_SECONDS } from '../demo-library/clock.ts';
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
  /** SCOUT_DEMO_DAY_SECONDS: how long a day of the demo catalogue lasts (src/demo-library/clock.ts). */
  demoDaySeconds: number;
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
  /** SCOUT_HEARTBEAT_MS: how often each held run's lease is extended. */
  heartbeatMs: number;
  /** SCOUT_IDLE_POLL_MS: how often an idle worker looks for runs and creatives to archive. */
  idlePollMs: number;
  media: MediaSettings;
  /**
   * OCR_CONCURRENCY: creatives read at once, each in an OCR child process of its own
   * (docs/ai.md#the-text-on-a-creative); 0 turns reading off on this worker.
   */
  ocrConcurrency: number;
  /** PUSH_CONCURRENCY: pushes sent at once (docs/push.md); 0 turns sending off on this worker. */
  pushConcurrency: number;
  reports: ReportSettings;
  /** The operator's transcription model (docs/ai.md#transcripts); null while AI_TRANSCRIBE_MODEL is unset. */
  transcribe: TranscribeSettings | null;
}

/**
 * AI_BASE_URL, AI_API_KEY and AI_TRANSCRIBE_MODEL as the worker reads them from its own
 * environment (npm start passes the server's; a worker elsewhere needs them set there): the key
 * never crosses the worker API or sits in a record.
 */
export interface TranscribeSettings {
  /** Without trailing slashes: `${baseUrl}/audio/transcriptions` is the call. */
  baseUrl: string;
  apiKey: string;
  model: string;
}

/**
 * The transcription settings, null while AI_TRANSCRIBE_MODEL is unset; a partial set, or a base
 * URL that is not http(s), stops the worker naming what is wrong (never the key).
 */
export function readTranscribeSettings(env: NodeJS.ProcessEnv): TranscribeSettings | null {
  const errors = transcribeSettingsErrors(env);
  if (errors.length > 0) throw new Error(errors.join(' '));
  const model = (env.AI_TRANSCRIBE_MODEL ?? '').trim();
  if (!model) return null;
  const baseUrl = (env.AI_BASE_URL ?? '').trim().replace(/\/+$/, '');
  const url = parseHttpUrl(baseUrl);
  if (!url || url.query || url.hash)
    throw new Error(
      `AI_BASE_URL must be an http(s) URL with the API's version path (e.g. https://api.openai.com/v1), not "${baseUrl}"`,
    );
  return { baseUrl, apiKey: (env.AI_API_KEY ?? '').trim(), model };
}

/** The reports' settings (docs/reports.md). */
export interface ReportSettings {
  /** Reports computed at once (REPORT_CONCURRENCY, default 1); 0 leaves them to other workers. */
  concurrency: number;
  /**
   * REPORT_LOOKUP_TIMEOUT_SECONDS (default 120): how long the source's look-up of missing ads by
   * id may take; past it, the report is made without it (those ads stay "not seen").
   */
  lookupTimeoutMs: number;
}

/** The creative archive's settings (docs/creatives.md). */
export interface MediaSettings {
  /** Files archived at once (MEDIA_CONCURRENCY); 0 turns the archive off on this worker. */
  concurrency: number;
  /** MEDIA_VIDEO_MAX_MB: a larger video keeps its poster only. */
  videoMaxMb: number;
  /** MEDIA_FETCH_ALLOW: private `host:port` endpoints the archive may fetch from (http too). */
  fetchAllow: string[];
}

export const MEDIA_CONCURRENCY_MAX = 64;

export const DEFAULT_CONCURRENCY = 16;
/** A bound on SCOUT_CONCURRENCY: every lease heartbeats, so thousands would flood the server. */
export const MAX_CONCURRENCY = 256;

/**
 * SCOUT_HEARTBEAT_MS and SCOUT_IDLE_POLL_MS: defaults, and the range either may take. A heartbeat
 * must come well within the lease (SCOUT_LEASE_SECONDS, 60 s by default); faster than 100 ms, either
 * would only load the server.
 */
export const TIMING_DEFAULTS = { heartbeatMs: 5_000, idlePollMs: 2_000 } as const;
export const TIMING_MIN_MS = 100;
export const TIMING_MAX_MS = 60_000;

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

/** A whole number in [min, max] from `name`, its default when unset; anything else stops the worker. */
function wholeNumber(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return fallback;
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(n >= min && n <= max)) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${trimmed}")`);
  }
  return n;
}

/**
 * MEDIA_FETCH_ALLOW: comma-separated `host:port` (an IPv6 host in brackets), each with its port;
 * returned as the fetcher compares them (the host as URL writes it). The hooks read the same list
 * the same way (src/domain/net/endpoint.ts). A bad entry stops the worker with the reason.
 */
export function readFetchAllow(value: string | undefined): string[] {
  return parseEndpointList('MEDIA_FETCH_ALLOW', value ?? '');
}

export function readMediaSettings(env: NodeJS.ProcessEnv = process.env): MediaSettings {
  return {
    concurrency: wholeNumber(
      'MEDIA_CONCURRENCY',
      env.MEDIA_CONCURRENCY,
      0,
      MEDIA_CONCURRENCY_MAX,
      MEDIA_CONCURRENCY_DEFAULT,
    ),
    videoMaxMb: wholeNumber(
      'MEDIA_VIDEO_MAX_MB',
      env.MEDIA_VIDEO_MAX_MB,
      1,
      VIDEO_MAX_MB_CEILING,
      VIDEO_MAX_MB_DEFAULT,
    ),
    fetchAllow: readFetchAllow(env.MEDIA_FETCH_ALLOW),
  };
}

export function readReportSettings(env: NodeJS.ProcessEnv = process.env): ReportSettings {
  return {
    concurrency: wholeNumber('REPORT_CONCURRENCY', env.REPORT_CONCURRENCY, 0, REPORT_CLAIM_MAX, 1),
    lookupTimeoutMs:
      wholeNumber('REPORT_LOOKUP_TIMEOUT_SECONDS', env.REPORT_LOOKUP_TIMEOUT_SECONDS, 1, 3600, 120) * 1000,
  };
}

function baseUrl(value: string | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim().replace(/\/+$/, '');
  return trimmed || fallback;
}

/**
 * Reads the source settings; a missing or unreadable value falls back to its default, except
 * SCOUT_DEMO_DAY_SECONDS, whose bad value stops the worker with the reason: a demo Library quietly
 * running at another speed would pass for a bug in the reports.
 */
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
    // A demo day from a second to a real day: shorter passes the Library's weeks in minutes.
    demoDaySeconds: wholeNumber(
      'SCOUT_DEMO_DAY_SECONDS',
      env.SCOUT_DEMO_DAY_SECONDS,
      1,
      DEMO_DAY_SECONDS,
      DEMO_DAY_SECONDS,
    ),
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
      return `demo (built-in catalogue, ${settings.demoPaceMs} ms per page${
        settings.demoDaySeconds === DEMO_DAY_SECONDS ? '' : `, a demo day every ${settings.demoDaySeconds} s`
      })`;
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
    heartbeatMs: wholeNumber(
      'SCOUT_HEARTBEAT_MS',
      env.SCOUT_HEARTBEAT_MS,
      TIMING_MIN_MS,
      TIMING_MAX_MS,
      TIMING_DEFAULTS.heartbeatMs,
    ),
    idlePollMs: wholeNumber(
      'SCOUT_IDLE_POLL_MS',
      env.SCOUT_IDLE_POLL_MS,
      TIMING_MIN_MS,
      TIMING_MAX_MS,
      TIMING_DEFAULTS.idlePollMs,
    ),
    media: readMediaSettings(env),
    ocrConcurrency: wholeNumber('OCR_CONCURRENCY', env.OCR_CONCURRENCY, 0, TEXT_CLAIM_MAX, 1),
    reports: readReportSettings(env),
    pushConcurrency: wholeNumber(
      'PUSH_CONCURRENCY',
      env.PUSH_CONCURRENCY,
      0,
      PUSH_CONCURRENCY_MAX,
      PUSH_CONCURRENCY_DEFAULT,
    ),
    transcribe: readTranscribeSettings(env),
  };
}
