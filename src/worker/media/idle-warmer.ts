/**
 * The detail view's thumbnail (THUMB_DETAIL) of each stored creative, requested while this worker
 * is idle: no run in progress and no archive task in flight. Both thumbnails are made when a
 * creative is stored (docs/creatives.md#the-flow), but the detail one, seen only for the ads a
 * user opens, costs the server as much again as the grid's; made in the gaps it never slows a
 * run (docs/benchmarks/archive.md). One at a time, oldest first. What is still queued when the
 * worker stops is made on its first view instead, as PocketBase always can.
 */
import { messageOf } from '../../domain/text/error-message.ts';
import { createWaker } from '../loop.ts';

export interface IdleWarmer {
  /** Queues one thumbnail of a stored file. */
  add(creative: string, fileName: string): void;
  /** Tells the warmer the worker's load changed (a run or a task started or ended). */
  poke(): void;
  /** Queued and not yet requested. */
  readonly pending: number;
  /** Resolves once the warmer stops (on `signal`), leaving what is queued. */
  done: Promise<void>;
}

export interface IdleWarmerOptions {
  /** Requests the thumbnail (archive-task.ts thumbnailWarmer). */
  warm(creative: string, fileName: string): Promise<void>;
  /** True while a run or an archive task is in progress in this worker. */
  busy(): boolean;
  /** Checked again this often while busy, besides every poke (ms). */
  recheckMs: number;
  log(message: string): void;
  signal: AbortSignal;
}

export function idleWarmer(options: IdleWarmerOptions): IdleWarmer {
  const queue: { creative: string; fileName: string }[] = [];
  const changed = createWaker();
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(finish, options.recheckMs);
      const unlisten = changed.listen(finish);
      options.signal.addEventListener('abort', finish, { once: true });
      function finish() {
        clearTimeout(timer);
        unlisten();
        options.signal.removeEventListener('abort', finish);
        resolve();
      }
    });
  const done = (async () => {
    while (!options.signal.aborted) {
      const next = queue[0];
      if (!next || options.busy()) {
        await pause();
        continue;
      }
      queue.shift();
      await options.warm(next.creative, next.fileName).catch((error: unknown) => {
        options.log(
          `creative ${next.creative}: detail thumbnail not made yet (made on first view): ${messageOf(error)}`,
        );
      });
    }
  })();
  return {
    add(creative, fileName) {
      queue.push({ creative, fileName });
      changed.fire();
    },
    poke: () => changed.fire(),
    get pending() {
      return queue.length;
    },
    done,
  };
}
