/**
 * The watches scheduler (cron, every minute): starts each due, active watch as a normal run,
 * through the run guard (src/hooks/runs/guard.ts: subscription, one working run, quota).
 *
 * - Each watch is claimed in the transaction that creates its run: the transaction reads the
 *   watch again and moves its `next_run_at` on, so an overlapping tick finds it no longer due.
 * - A user with a working run: their watches stay due and are not read at all (a user runs one
 *   search at a time); they start on the first tick after that run ends.
 * - A tick reads at most one due watch per user, the user's oldest: a few users with many due
 *   watches cannot fill the tick's window and starve everyone else's.
 * - A refusal for quota or subscription goes to `last_error` and the watch moves to its next
 *   period; missed periods never pile up (src/domain/runs/watches.ts, nextRunAfter).
 * - At most 50 starts per tick, the oldest due first; the rest wait for the next tick.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { checkInput, scoutFormSchema } from '../../domain/forms/forms.ts';
import { storedScoutForm } from '../../domain/forms/scout-fields.ts';
import { parsePbDate, toPbDate } from '../../domain/text/format.ts';
import { nextRunAfter, WATCH_LIMITS, watchFieldOf, type WatchCadence } from '../../domain/runs/watches.ts';
import { runRefusal, startRun } from '../runs/index.ts';

/** Due watches read per tick (one a user): room for refusals beside the 50 starts. */
const DUE_READ_LIMIT = 500;

/**
 * The ids of the due, active watches a tick tries, oldest due first: each user's oldest, for users
 * without a working run (idx_search_runs_user_status answers the NOT EXISTS; idx_watches_due the
 * rest). Were those users' watches read too, about 25 users with a working run and 20 due watches
 * each would fill the 500 and no one else's watch would ever start.
 */
const DUE_WATCHES_SQL = `
  SELECT id FROM (
    SELECT w.id, w.next_run_at,
      row_number() OVER (PARTITION BY w.user ORDER BY w.next_run_at, w.id) AS nth
    FROM ${COLLECTIONS.watches} w
    WHERE w.active = TRUE AND w.next_run_at != '' AND w.next_run_at <= {:now}
      AND NOT EXISTS (SELECT 1 FROM ${COLLECTIONS.searchRuns} r WHERE r.user = w.user AND r.status = 'working')
  )
  WHERE nth = 1
  ORDER BY next_run_at, id
  LIMIT {:limit}`;

/** The ids of the watches a tick at `now` tries, in order (DUE_WATCHES_SQL). */
function dueWatchIds(now: number): string[] {
  const rows = arrayOf(new DynamicModel({ id: '' })) as unknown as { id: string }[];
  $app
    .db()
    .newQuery(DUE_WATCHES_SQL)
    .bind({ now: toPbDate(now), limit: DUE_READ_LIMIT })
    .all(rows);
  const ids: string[] = [];
  for (const row of rows) ids.push(row.id);
  return ids;
}

export type WatchOutcome = 'started' | 'refused' | 'waiting' | 'skipped';

export interface TickReport {
  started: number;
  refused: number;
  waiting: number;
}

/** Moves the watch to its first planned time after `now`. */
function advance(watch: core.Record, planned: number, now: number): void {
  const cadence = watch.getString('cadence') as WatchCadence;
  watch.set('next_run_at', toPbDate(nextRunAfter(planned, cadence, now)));
}

/** One due watch, in one transaction: claim it and start its run, or record why not. */
export function tickWatch(watchId: string, now: number): WatchOutcome {
  let outcome: WatchOutcome = 'skipped';
  $app.runInTransaction((txApp) => {
    const watch = txApp.findRecordById(COLLECTIONS.watches, watchId);
    const planned = parsePbDate(watch.getString('next_run_at'));
    // paused, deleted or already claimed by an overlapping tick since it was listed
    if (!watch.getBool('active') || !planned || planned.getTime() > now) return;
    const userId = watch.getString('user');
    const checked = checkInput(scoutFormSchema, storedScoutForm(watch, watchFieldOf));
    if (!checked.ok) {
      watch.set('last_error', checked.message);
      advance(watch, planned.getTime(), now);
      txApp.save(watch);
      outcome = 'refused';
      return;
    }
    const refusal = runRefusal(txApp, userId, checked.data.requested_count);
    if (refusal && refusal.reason === 'working') {
      outcome = 'waiting';
      return;
    }
    if (refusal) {
      watch.set('last_error', refusal.message);
      advance(watch, planned.getTime(), now);
      txApp.save(watch);
      outcome = 'refused';
      return;
    }
    const run = startRun(txApp, userId, checked.data, watch.id);
    watch.set('last_run', run.id);
    watch.set('last_error', '');
    advance(watch, planned.getTime(), now);
    txApp.save(watch);
    outcome = 'started';
  });
  return outcome;
}

/** The cron tick: starts due watches, oldest due first, one a user, at most 50. */
export function runDueWatches(now?: number): TickReport {
  const at = now === undefined ? Date.now() : now;
  const began = Date.now();
  const report: TickReport = { started: 0, refused: 0, waiting: 0 };
  for (const watchId of dueWatchIds(at)) {
    if (report.started >= WATCH_LIMITS.startsPerTick) break;
    try {
      const outcome = tickWatch(watchId, at);
      if (outcome === 'started') report.started++;
      else if (outcome === 'refused') report.refused++;
      else if (outcome === 'waiting') report.waiting++;
    } catch (error) {
      // one broken watch (deleted meanwhile, a constraint) must not stop the others
      console.error(`[adscout] watch ${watchId} not started: ${String(error)}`);
    }
  }
  if (report.started || report.refused)
    console.log(
      `[adscout] watches: ${report.started} started, ${report.refused} refused, ${report.waiting} waiting in ${Date.now() - began} ms`,
    );
  return report;
}
