/**
 * The Database page's first read: the rows of the user's latest run that has any, newest first.
 * With one working run per user, runs never overlap in time, so these rows are the top of the
 * whole list, and the page paints them before it reads the other runs.
 *
 * The runs and the rows of the run found last time (a hint this browser keeps) are read at once,
 * so an open where no newer run came in meanwhile takes one round trip to IndexedDB instead of
 * two: the page's thread is busy starting the app then, and each round trip waits for it
 * (measured on the project machine: 30–40 ms each). The hint is only a guess, checked against
 * the runs: a wrong or stale one costs the second round trip, never a wrong answer.
 */
import type { SearchResult } from '../../../domain/index.ts';
import type { LocalDb } from './local-db.ts';

/**
 * The order of results (docs/product.md#calls-and-exports): created descending (then id, so that the order is
 * total).
 */
export function newestFirst(a: SearchResult, b: SearchResult): number {
  return a.created < b.created ? 1 : a.created > b.created ? -1 : a.id < b.id ? 1 : -1;
}

/** Where the run found last time is kept between page loads. */
export interface NewestRunHint {
  read(): string | null;
  write(runId: string): void;
}

/** Runs looked at, newest first, for one with rows (a new run has none for a while). */
const RUNS_LOOKED_AT = 3;

export async function readNewestResults(
  db: LocalDb,
  hint: NewestRunHint,
): Promise<{ run: string; rows: SearchResult[] } | null> {
  const guess = hint.read();
  const [stored, guessed] = await Promise.all([
    db.runs.toArray(),
    guess ? db.results.get(guess) : Promise.resolve(undefined),
  ]);
  const runs = stored.sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
  for (const run of runs.slice(0, RUNS_LOOKED_AT)) {
    const chunk = run.id === guess ? guessed : await db.results.get(run.id);
    if (chunk?.rows.length) {
      if (run.id !== guess) hint.write(run.id);
      return { run: run.id, rows: chunk.rows.slice().sort(newestFirst) };
    }
  }
  return null;
}

/** The hint in localStorage, per user (like the hidden columns: preferences.ts). */
export function storedNewestRunHint(userId: string): NewestRunHint {
  const key = `adscout.newest-run.${userId}`;
  return {
    read() {
      try {
        return localStorage.getItem(key);
      } catch {
        return null; // storage disabled: the read takes its second round trip
      }
    },
    write(runId) {
      try {
        localStorage.setItem(key, runId);
      } catch {
        // only the next open's head start is lost
      }
    },
  };
}
