// Apart from runs.ts, whose run records are parsed with zod: the run notifier of every /app page
// asks only this, and the first /app page needs no zod (docs/benchmarks/pwa.md).
/**
 * Runs created from the form in this tab (they get the product's toast, docs/product.md#messages; other runs
 * get the watch toast). Kept in sessionStorage: per tab, and still known after a reload.
 */
const STARTED_KEY = 'adscout.started-runs';
const STARTED_KEPT = 20;
const startedHere = new Set<string>(readStartedRuns());

function readStartedRuns(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STARTED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function keepStartedRuns(): void {
  try {
    const ids = [...startedHere].slice(-STARTED_KEPT);
    if (ids.length) sessionStorage.setItem(STARTED_KEY, JSON.stringify(ids));
    else sessionStorage.removeItem(STARTED_KEY);
  } catch {
    // storage disabled: the set still works for this page
  }
}

/** Remembers that `runId` was started from the scout form in this tab (runs.ts createRun). */
export function markStartedHere(runId: string): void {
  startedHere.add(runId);
  keepStartedRuns();
}

/** True when `runId` was started from the scout form in this tab. */
export function wasStartedHere(runId: string): boolean {
  return startedHere.has(runId);
}
