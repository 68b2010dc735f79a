/** The worker's settings, read once from the environment that `npm start` (or an operator) sets. */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { DEFAULT_CONFIG } from '../domain/config.ts';
import { SCOUT_SOURCES, type ScoutSource } from '../domain/entities.ts';

export interface WorkerConfig {
  pbUrl: string;
  email: string;
  password: string;
  name: string;
  source: ScoutSource;
}

interface CredentialsFile {
  worker?: { email?: string; password?: string };
}

export function readWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const pbUrl = env.ADSCOUT_PB_URL || `http://${DEFAULT_CONFIG.httpAddress}`;
  let email = env.ADSCOUT_WORKER_EMAIL ?? '';
  let password = env.ADSCOUT_WORKER_PASSWORD ?? '';
  if ((!email || !password) && env.ADSCOUT_CREDENTIALS_FILE) {
    const file = JSON.parse(readFileSync(env.ADSCOUT_CREDENTIALS_FILE, 'utf8')) as CredentialsFile;
    email ||= file.worker?.email ?? '';
    password ||= file.worker?.password ?? '';
  }
  if (!email || !password) {
    throw new Error(
      'the worker needs a superuser: set ADSCOUT_CREDENTIALS_FILE (npm start does) or ADSCOUT_WORKER_EMAIL and ADSCOUT_WORKER_PASSWORD',
    );
  }
  const requested = env.SCOUT_SOURCE ?? '';
  const source = (SCOUT_SOURCES as readonly string[]).includes(requested)
    ? (requested as ScoutSource)
    : (DEFAULT_CONFIG.scoutSource as ScoutSource);
  return {
    pbUrl,
    email,
    password,
    name: env.ADSCOUT_WORKER_NAME || `${hostname()}-${process.pid}`,
    source,
  };
}
