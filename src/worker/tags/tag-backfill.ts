/**
 * The tag backfill (docs/ai.md#the-backfill): the rows stored before tags are tagged here, where
 * the language detector runs, while this worker is idle (no run, archive or report task in
 * progress), a page at a time. Resumable: the server keeps no state but the rows' null tags, so a
 * worker that stops halfway, or two at once, leave nothing lost (the store sets only rows still
 * untagged, and tagging is a pure function of the copy). A pass walks the untagged rows by id;
 * an empty first page means none are left, and the next look is a rest away, since a worker from
 * before tags may still store untagged rows.
 */
import { messageOf } from '../../domain/text/error-message.ts';
import { createWaker } from '../loop.ts';
import { rowTags } from './row-tags.ts';
import type { TagServer } from './tag-api.ts';

/** Rows asked for and stored at once: a page tags in about a tenth of a second. */
export const TAG_BACKFILL_PAGE = 200;
/** How long the backfill rests once nothing is left untagged (ms). */
export const TAG_BACKFILL_REST_MS = 10 * 60_000;

export interface TagBackfillOptions {
  server: TagServer;
  /** True while a run or a task is in progress in this worker. */
  busy(): boolean;
  /** Checked again this often while busy or after a failure, besides every poke (ms). */
  recheckMs: number;
  /** The rest once nothing is left (TAG_BACKFILL_REST_MS). */
  restMs?: number;
  pageSize?: number;
  log(message: string): void;
  signal: AbortSignal;
}

export interface TagBackfill {
  /** Tells the backfill the worker's load changed (a run or a task started or ended). */
  poke(): void;
  /** Rows this worker tagged so far. */
  readonly stored: number;
  /** Resolves once the backfill stops (on `signal`). */
  done: Promise<void>;
}

export function tagBackfill(options: TagBackfillOptions): TagBackfill {
  const changed = createWaker();
  const pageSize = options.pageSize ?? TAG_BACKFILL_PAGE;
  const restMs = options.restMs ?? TAG_BACKFILL_REST_MS;
  let stored = 0;
  /** Waits `ms`, a poke or the stop; a poke ends a rest too only when `wakeable`. */
  const pause = (ms: number, wakeable = true) =>
    new Promise<void>((resolve) => {
      if (options.signal.aborted) return resolve();
      const timer = setTimeout(finish, ms);
      const unlisten = wakeable ? changed.listen(finish) : () => undefined;
      options.signal.addEventListener('abort', finish, { once: true });
      function finish() {
        clearTimeout(timer);
        unlisten();
        options.signal.removeEventListener('abort', finish);
        resolve();
      }
    });
  const done = (async () => {
    let after = '';
    let passStored = 0;
    while (!options.signal.aborted) {
      if (options.busy()) {
        await pause(options.recheckMs);
        continue;
      }
      try {
        const rows = await options.server.claim(after, pageSize);
        if (rows.length === 0) {
          if (passStored > 0) options.log(`tag backfill: tagged ${passStored} rows`);
          // a pass that found rows looks once more from the start (ids are not in time order)
          const rest = after === '';
          after = '';
          passStored = 0;
          if (rest) await pause(restMs, false);
          continue;
        }
        const tagged = rows.map((row) => ({ id: row.id, tags: rowTags(row) }));
        const count = await options.server.store(tagged);
        stored += count;
        passStored += count;
        after = rows[rows.length - 1]!.id;
      } catch (error) {
        options.log(`tag backfill: ${messageOf(error)}; trying again`);
        await pause(options.recheckMs);
      }
    }
  })();
  return {
    poke: () => changed.fire(),
    get stored() {
      return stored;
    },
    done,
  };
}
