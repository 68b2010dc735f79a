// Keeps a process running, the way `npm start` keeps its scout workers: when the process exits
// and nobody asked it to stop, it is started again after a delay that begins at 1 s and doubles
// up to 30 s, and goes back to 1 s once the process stayed up for a minute. Every exit is logged
// with its reason (the exit code or signal, and the last error line the process printed).

/**
 * @typedef {object} RestartPolicy
 * @property {number} firstDelayMs
 * @property {number} maxDelayMs
 * @property {number} healthyAfterMs
 */

/**
 * A process under supervision: its child emits 'exit' (code, signal) once, as a ChildProcess does;
 * `reason()` is the last error line it printed, or ''.
 * @typedef {object} SupervisedProcess
 * @property {{ once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown }} child
 * @property {() => Promise<void>} stop
 * @property {() => string} [reason]
 */

/**
 * @typedef {object} SupervisorClock
 * @property {() => number} now
 * @property {(fn: () => void, ms: number) => unknown} setTimeout
 * @property {(id: unknown) => void} clearTimeout
 */

/** @type {Readonly<RestartPolicy>} */
export const RESTART_POLICY = Object.freeze({
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
});

/**
 * The delay before the next start, after a process that ran `uptimeMs` (`previousMs` 0: none yet).
 * @param {number} previousMs
 * @param {number} uptimeMs
 * @param {RestartPolicy} [policy]
 * @returns {number}
 */
export function restartDelay(previousMs, uptimeMs, policy = RESTART_POLICY) {
  if (!previousMs || uptimeMs >= policy.healthyAfterMs) return policy.firstDelayMs;
  return Math.min(policy.maxDelayMs, previousMs * 2);
}

/**
 * How a child ended, in words: "exit code 1", "killed by SIGKILL".
 * @param {number | null} code
 * @param {NodeJS.Signals | null} signal
 */
export function describeExit(code, signal) {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/** `1 s`, `1.5 s`, `30 s`. @param {number} ms */
function seconds(ms) {
  return `${+(ms / 1000).toFixed(1)} s`;
}

/**
 * Supervises `start()`, which returns { child, stop(), reason?() } (reason: the process's last
 * error line, or ''). Returns { stop(), restarts(), current() }: `stop()` cancels a pending
 * restart and stops the process. `clock` replaces timers and time in tests.
 * @template {SupervisedProcess} P
 * @param {object} options
 * @param {string} options.name
 * @param {() => P} options.start
 * @param {(message: string) => void} options.log
 * @param {RestartPolicy} [options.policy]
 * @param {SupervisorClock} [options.clock]
 * @returns {{ current(): P | null; restarts(): number; stop(): Promise<void> }}
 */
export function supervise({ name, start, log, policy = RESTART_POLICY, clock = systemClock }) {
  /** @type {P | null} */
  let process_ = null;
  let startedAt = 0;
  let delay = 0;
  /** @type {unknown} */
  let timer = null;
  let stopping = false;
  let restarts = 0;

  const launch = () => {
    timer = null;
    const started = start();
    process_ = started;
    startedAt = clock.now();
    started.child.once('exit', (code, signal) => {
      if (stopping) return;
      const uptime = clock.now() - startedAt;
      delay = restartDelay(delay, uptime, policy);
      restarts += 1;
      const why = started.reason?.() ?? '';
      log(
        `${name} exited unexpectedly (${describeExit(code, signal)}${why ? `: ${why}` : ''}) after ${seconds(uptime)}; restarting it in ${seconds(delay)}`,
      );
      timer = clock.setTimeout(launch, delay);
    });
  };
  launch();

  return {
    current: () => process_,
    restarts: () => restarts,
    async stop() {
      stopping = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      await process_?.stop();
    },
  };
}

/** @type {SupervisorClock} */
const systemClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(/** @type {NodeJS.Timeout} */ (id)),
};

/**
 * Remembers the last line that says why a process failed: our worker's "… failed: …" line or an
 * uncaught error's first line ("TypeError: …"), not the stack frames and the Node version after it.
 * @returns {{ write(chunk: string): void; get(): string }}
 */
export function lastErrorLine() {
  let last = '';
  let partial = '';
  return {
    write(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const raw of lines) {
        const line = raw.trim();
        if (/\bfailed: /.test(line) || /^([A-Z]\w*)?Error\b/.test(line)) last = line;
      }
    },
    get: () => last,
  };
}
