export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  healthyAfterMs: number;
}
export const RESTART_POLICY: Readonly<RestartPolicy>;
export function restartDelay(previousMs: number, uptimeMs: number, policy?: RestartPolicy): number;
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string;

export interface SupervisedProcess {
  /** Emits 'exit' (code, signal) once, as a ChildProcess does. */
  child: {
    once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  };
  stop(): Promise<void>;
  reason?(): string;
}
export interface SupervisorClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}
export function supervise<P extends SupervisedProcess>(options: {
  name: string;
  start(): P;
  log(message: string): void;
  policy?: RestartPolicy;
  clock?: SupervisorClock;
}): { current(): P | null; restarts(): number; stop(): Promise<void> };

export function lastErrorLine(): { write(chunk: string): void; get(): string };
