/**
 * The search page's view of runs: the user's working run (docs/product.md#states-and-transitions: the newest
 * working run is the active job) and the run that just finished while the page watched it. Runs are created
 * here, but their status and counts only ever come from the server (realtime).
 */
import { COLLECTIONS, searchRunSchema, type ScoutForm, type SearchRun } from '../../../domain/index.ts';
import { pb } from './client.ts';
import { watchCollection } from './realtime.ts';
import { currentSession } from './session.ts';
import { markStartedHere } from './started-runs.ts';
import { createUserStore, type UserStoreScope } from './user-store.ts';

export interface RunsState {
  loading: boolean;
  /** The newest working run, if any. */
  active: SearchRun | null;
  /** A run that finished while this session watched it (for the completion toast and summary). */
  finished: SearchRun | null;
}

type Scope = UserStoreScope<RunsState>;

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
function apply(scope: Scope, run: SearchRun): void {
  const known = seen.get(run.id);
  if (known && run.updated < known) return;
  seen.set(run.id, run.updated);
  const state = scope.get();
  const active = state.active;
  if (run.status === 'working') {
    if (!active || active.id === run.id || run.started_at >= active.started_at)
      scope.set({ ...state, active: run });
    return;
  }
  if (active?.id === run.id) scope.set({ ...state, active: null, finished: run });
  else if (state.finished?.id === run.id) scope.set({ ...state, finished: run });
}

async function loadActive(scope: Scope): Promise<void> {
  try {
    const page = await pb.collection(COLLECTIONS.searchRuns).getList(1, 1, {
      filter: pb.filter('user = {:user} && status = "working"', { user: scope.userId }),
      sort: '-started_at,-created',
      skipTotal: true,
    });
    const run = page.items[0] ? parse(page.items[0]) : null;
    const previous = scope.get().active;
    if (run) {
      apply(scope, run);
    } else if (previous) {
      // The run we showed finished while we were away: read it once to report how it ended.
      const finished = await pb
        .collection(COLLECTIONS.searchRuns)
        .getOne(previous.id)
        .then(parse)
        .catch(() => null);
      if (finished) apply(scope, finished);
      else scope.set({ ...scope.get(), active: null });
    }
  } catch (error) {
    console.error('[runs] load failed', error);
  } finally {
    if (scope.get().loading) scope.set({ ...scope.get(), loading: false });
  }
}

const store = createUserStore<RunsState>({
  initial: (userId) => ({ loading: Boolean(userId), active: null, finished: null }),
  start(scope) {
    seen.clear();
    const stop = watchCollection(
      pb,
      COLLECTIONS.searchRuns,
      (event) => {
        if (event.record.user !== scope.userId || event.action === 'delete') return;
        const run = parse(event.record);
        if (run) apply(scope, run);
      },
      () => void loadActive(scope),
    );
    void loadActive(scope);
    return stop;
  },
});

export const useRuns = store.use;

/** Forgets the finished run once the page has reported it. */
export function dismissFinishedRun(): void {
  const scope = store.scope();
  if (scope?.get().finished) scope.set({ ...scope.get(), finished: null });
}

/** Starts a scout: the server validates, checks the rules and reserves the quota, or refuses. */
export async function createRun(form: ScoutForm): Promise<SearchRun> {
  const session = currentSession();
  if (!session) throw new Error('not signed in');
  const record = await pb.collection(COLLECTIONS.searchRuns).create({ user: session.userId, ...form });
  const run = parse(record);
  if (!run) throw new Error('unexpected run record');
  markStartedHere(run.id);
  const scope = store.scope();
  if (scope?.userId === session.userId) apply(scope, run);
  return run;
}
