/**
 * The worker's side of its OCR child processes (docs/ai.md#the-text-on-a-creative): each forked
 * from ocr-child.ts on first use and asked for one reading at a time. A child that crashes, hangs
 * past the time limit or is stopped takes only its reading with it (an OcrError the task records
 * and retries); the next reading forks a new one. A child is retired after `restartAfterImages`
 * readings or once it reports more than `maxRssBytes`: WebAssembly memory never shrinks.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { TagLanguage } from '../../domain/tags/vocabulary.ts';
import type { OcrReading } from './ocr-engine.ts';
import type { OcrAnswer, OcrRequest } from './ocr-protocol.ts';

/** A reading that failed; `retry` is false when reading the image again cannot help. */
export class OcrError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** The reading was stopped (the worker stops, or the task's lease ends). */
export class OcrStoppedError extends Error {}

export const OCR_RESTART_AFTER_IMAGES = 300;
export const OCR_MAX_RSS_BYTES = 400 * 1024 * 1024;
/** A reading takes seconds; one past this is a child stuck (it is killed and the task retried). */
export const OCR_READ_TIMEOUT_MS = 120_000;

export interface OcrProcessOptions {
  /** The child's module: ocr-child.ts (through tsx) or the built ocr-child.mjs. */
  entry: string | URL;
  /** Node's options for the child (the worker's own by default: `--import tsx` in development). */
  execArgv?: string[];
  restartAfterImages?: number;
  maxRssBytes?: number;
  timeoutMs?: number;
  log(message: string): void;
}

export interface OcrProcess {
  read(image: Uint8Array, languages: readonly TagLanguage[], signal?: AbortSignal): Promise<OcrReading>;
  /** The child's process id while one runs (tests, logs). */
  readonly pid: number | undefined;
  /** Readings by the child running now; the peak memory it reported. */
  readonly stats: { images: number; peakRss: number; forks: number };
  close(): Promise<void>;
}

export function ocrProcess(options: OcrProcessOptions): OcrProcess {
  const restartAfter = options.restartAfterImages ?? OCR_RESTART_AFTER_IMAGES;
  const maxRss = options.maxRssBytes ?? OCR_MAX_RSS_BYTES;
  const timeoutMs = options.timeoutMs ?? OCR_READ_TIMEOUT_MS;
  let child: ChildProcess | null = null;
  let nextId = 1;
  const stats = { images: 0, peakRss: 0, forks: 0 };
  /** The reading in progress (one at a time), answered by the child or failed by its end. */
  let pending: { id: number; child: ChildProcess; settle(answer: OcrAnswer | Error): void } | null = null;

  function start(): ChildProcess {
    const started = fork(options.entry, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: options.execArgv ?? process.execArgv,
    });
    stats.forks += 1;
    stats.images = 0;
    started.on('message', (answer: OcrAnswer) => {
      if (pending?.child === started && pending.id === answer.id) pending.settle(answer);
    });
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      // a retired child ends after the next reading started in its successor: not that one's end
      if (pending?.child === started)
        pending.settle(new OcrError(`the OCR process ended (${signal ?? `exit code ${code}`})`, true));
    });
    started.on('error', (error) => options.log(`OCR process: ${error.message}`));
    return started;
  }

  function retire(old: ChildProcess, why: string): void {
    if (child === old) child = null;
    options.log(`OCR process ${old.pid} restarted: ${why}`);
    // its 'disconnect' handler exits; a kill in case it is stuck
    if (old.connected) old.disconnect();
    setTimeout(() => old.kill('SIGKILL'), 5_000).unref();
  }

  return {
    get pid() {
      return child?.pid;
    },
    stats,
    read(image, languages, signal) {
      if (pending) return Promise.reject(new Error('this OCR process is reading already'));
      if (signal?.aborted) return Promise.reject(new OcrStoppedError('stopped before reading'));
      const current = child ?? (child = start());
      const id = nextId++;
      return new Promise<OcrReading>((resolve, reject) => {
        const timer = setTimeout(() => {
          settle(new OcrError(`the reading took over ${timeoutMs / 1000} s`, true));
          current.kill('SIGKILL');
        }, timeoutMs);
        const onAbort = () => {
          settle(new OcrStoppedError('stopped while reading'));
          current.kill('SIGKILL');
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        function settle(answer: OcrAnswer | Error) {
          if (pending?.id !== id) return;
          pending = null;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (answer instanceof Error) {
            reject(answer);
            return;
          }
          stats.images += 1;
          stats.peakRss = Math.max(stats.peakRss, answer.rss);
          if (answer.ok) resolve(answer.reading);
          else reject(new OcrError(answer.error, answer.retry));
          if (stats.images >= restartAfter) retire(current, `${stats.images} images read`);
          else if (answer.rss > maxRss) retire(current, `${Math.round(answer.rss / 1024 / 1024)} MB in use`);
        }
        pending = { id, child: current, settle };
        const request: OcrRequest = { id, image, languages: [...languages] };
        current.send(request, (error) => {
          if (error) settle(new OcrError(`the OCR process did not take the image: ${error.message}`, true));
        });
      });
    },
    async close() {
      const current = child;
      child = null;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      if (current.connected) current.disconnect();
      const kill = setTimeout(() => current.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

/**
 * `count` OCR processes for the text pool's `count` tasks at once: each reading takes a free one
 * (the pool never runs more tasks than that), and each process forks its child on first use.
 */
export function ocrProcessPool(count: number, options: OcrProcessOptions) {
  const free = Array.from({ length: Math.max(1, count) }, () => ocrProcess(options));
  const all = [...free];
  return {
    async read(image: Uint8Array, languages: readonly TagLanguage[], signal?: AbortSignal) {
      const process = free.pop();
      if (!process) throw new Error('every OCR process is reading already');
      try {
        return await process.read(image, languages, signal);
      } finally {
        free.push(process);
      }
    },
    /** The highest memory any child reported (the bench). */
    peakRss: () => Math.max(...all.map((p) => p.stats.peakRss)),
    close: () => Promise.all(all.map((p) => p.close())).then(() => undefined),
  };
}
