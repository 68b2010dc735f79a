import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const CREDENTIALS_FILE: string;
export interface StackCredentials {
  admin: { email: string; password: string };
  worker: { email: string; password: string };
}
export function freePort(): Promise<number>;
export function randomSecret(bytes?: number): string;
export function upsertSuperuser(pocketbase: string, dataDir: string, email: string, password: string): void;
export function loadOrCreateCredentials(dataDir: string): {
  path: string;
  credentials: StackCredentials;
  created: boolean;
};
export function waitForHealth(
  url: string,
  options?: { timeoutMs?: number; child?: ChildProcess },
): Promise<void>;
export const HOOKS_POOL: number;
export function pocketBaseServeArgs(options: {
  dataDir: string;
  http: string;
  migrationsDir: string;
  hooksDir: string;
  publicDir?: string;
}): string[];
export interface RunningPocketBase {
  url: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}
export function startPocketBase(options: {
  pocketbase: string;
  dataDir: string;
  http: string;
  publicDir?: string;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'pipe' | 'ignore';
  migrationsDir?: string;
  hooksDir?: string;
}): Promise<RunningPocketBase>;
export function startWorker(options: {
  pbUrl: string;
  credentialsFile: string;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'pipe' | 'ignore';
  name?: string;
}): { child: ChildProcess; stop(): Promise<void> };
