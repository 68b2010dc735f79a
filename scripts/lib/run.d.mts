import type { SpawnOptions, SpawnSyncOptions } from 'node:child_process';

export function run(cmd: string, args: string[], options?: SpawnOptions): Promise<number>;
export function mustRun(cmd: string, args: string[], options?: SpawnOptions): Promise<void>;
export function capture(
  cmd: string,
  args: string[],
  options?: SpawnSyncOptions,
): { ok: boolean; stdout: string; stderr: string };
export function log(message: string): void;
