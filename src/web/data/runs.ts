/**
 * The search page's view of runs: the user's working run (SPEC §4: the newest working run is the
 * active job) and the run that just finished while the page watched it. Runs are created here,
 * but their status and counts only ever come from the server (realtime).
 */
import { useSyncExternalStore } from 'react';
import { COLLECTIONS, searchRunSchema, type ScoutForm, type SearchRun } from '../../domain/index.ts';
import { pb } from './client.ts';
import { watchCollection } from './realtime.ts';
import { currentSession } from './session.ts';

export interface RunsState {
  loading: boolean;
  /** The newest working run, if any. */
  active: SearchRun | null;
  /** A run that finished while this session watched it (for the completion toast and summary). */
  finished: SearchRun | null;
}

let state: RunsState = { loading: true, active: null, finished: null };
let boundUser: string | null = null;
let stopWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

function publish(next: Partial<RunsState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function parse(record: unknown): SearchRun | null {
  const parsed = searchRunSchema.safeParse(record);
  if (!parsed.success) {
    console.error('[runs] unexpected record shape', parsed.error);
    return null;
  }
  return parsed.data;
}

/** The newest `updated` seen per run: a late create response must not undo a finished run. */
const seen = new Map<string, string>();

/** Applies a run the server reported (realtime, a load, or the create response). */
function apply(run: SearchRun): void {
  const known = seen.get(run.id);
  if (known && run.updated < known) return;
  seen.set(run.id, run.updated);
  const active = state.active;
  if (run.status === 'working') {
    if (!active || active.id === run.id || run.started_at >= active.started_at) publish({ active: run });
    return;
  }
  if (active?.id === run.id) publish({ active: null, finished: run });
  else if (state.finished?.id === run.id) publish({ finished: run });
}

async function loadActive(userId: string): Promise<void> {
  try {
    const page = await pb.collection(COLLECTIONS.searchRuns).getList(1, 1, {
      filter: pb.filter('user = {:user} && status = "working"', { user: userId }),
      sort: '-started_at,-created',
      skipTotal: true,
    });
    if (boundUser !== userId) return;
    const run = page.items[0] ? parse(page.items[0]) : null;
    const previous = state.active;
    if (run) {
      apply(run);
      publish({ loading: false });
    } else if (previous) {
      // The run we showed finished while we were away: read it once to report how it ended.
      const finished = await pb
        .collection(COLLECTIONS.searchRuns)
        .getOne(previous.id)
        .then(parse)
        .catch(() => null);
      if (boundUser === userId)
        publish({ loading: false, active: null, finished: finished ?? state.finished });
    } else publish({ loading: false, active: null });
  } catch (error) {
    console.error('[runs] load failed', error);
    if (boundUser === userId) publish({ loading: false });
  }
}

function bind(): void {
  const userId = currentSession()?.userId ?? null;
  if (userId === boundUser) return;
  boundUser = userId;
  stopWatching?.();
  stopWatching = null;
  seen.clear();
  state = { loading: Boolean(userId), active: null, finished: null };
  publish({});
  if (!userId) return;
  stopWatching = watchCollection(
    COLLECTIONS.searchRuns,
    (event) => {
      if (event.record.user !== userId || event.action === 'delete') return;
      const run = parse(event.record);
      if (run) apply(run);
    },
    () => void loadActive(userId),
  );
  void loadActive(userId);
}

pb.authStore.onChange(() => {
  if (listeners.size > 0) bind();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  bind();
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useRuns(): RunsState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Forgets the finished run once the page has reported it. */
export function dismissFinishedRun(): void {
  if (state.finished) publish({ finished: null });
}

/** Starts a scout: the server validates, checks the rules and reserves the quota, or refuses. */
export async function createRun(form: ScoutForm): Promise<SearchRun> {
  const session = currentSession();
  if (!session) throw new Error('not signed in');
  const record = await pb.collection(COLLECTIONS.searchRuns).create({ user: session.userId, ...form });
  const run = parse(record);
  if (!run) throw new Error('unexpected run record');
  apply(run);
  return run;
}
