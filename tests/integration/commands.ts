/**
 * Commands run as a user runs them (npm scripts, and the scripts they start), each in its own
 * process group as a terminal would: Ctrl-C reaches the whole group, and a command a failed test
 * leaves running is ended with its group by stopLeftoverCommands().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../../scripts/lib/stack.mjs';

export interface Command {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** stdout and stderr as they arrived. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

export function stopLeftoverCommands(): void {
  for (const child of running) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
}

export function command(
  cmd: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Command {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  const text = { stdout: '', stderr: '', both: '' };
  for (const name of ['stdout', 'stderr'] as const) {
    child[name].setEncoding('utf8').on('data', (chunk: string) => {
      text[name] += chunk;
      text.both += chunk;
    });
  }
  child.stdin.end(options.stdin ?? '');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { child, stdout: () => text.stdout, stderr: () => text.stderr, output: () => text.both, exited };
}

export const npm = (args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) =>
  command('npm', args, options);

/** Ctrl-C in the terminal: SIGINT to the command's whole process group. */
export function pressCtrlC(run: Command): void {
  if (run.child.pid) process.kill(-run.child.pid, 'SIGINT');
}
