/**
 * The watches scheduler (cron, every minute): starts each due, active watch as a normal run,
 * through the run guard (src/hooks/runs/guard.ts: subscription, one working run, quota).
 *
 * - Each watch is claimed in the transaction that creates its run: the transaction reads the
 *   watch again and moves its `next_run_at` on, so an overlapping tick finds it no longer due.
 * - A user with a working run: the watch stays due and is tried again next minute.
 * - A refusal for quota or subscription goes to `last_error` and the watch moves to its next
 *   period; missed periods never pile up (src/domain/runs/watches.ts, nextRunAfter).
 * - At most 50 starts per tick, the oldest due first; the rest wait for the next tick.
 */
import { checkInput, scoutFormSchema } from '../../domain/forms/forms.ts';
import { parsePbDate, toPbDate } from '../../domain/text/format.ts';
import { nextRunAfter, WATCH_LIMITS, type WatchCadence } from '../../domain/runs/watches.ts';
import { runRefusal, startRun } from '../runs/index.ts';

const WATCHES = 'watches';
/** Due watches read per tick: room for those that wait on a working run beside the 50 starts. */
const DUE_READ_LIMIT = 500;

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
    const watch = txApp.findRecordById(WATCHES, watchId);
    const planned = parsePbDate(watch.getString('next_run_at'));
    // paused, deleted or already claimed by an overlapping tick since it was listed
    if (!watch.getBool('active') || !planned || planned.getTime() > now) return;
    const userId = watch.getString('user');
    const checked = checkInput(scoutFormSchema, {
      search_name: watch.getString('name'),
      facebook_link: watch.getString('facebook_link'),
      target_country: watch.getString('target_country'),
      keywords_used: watch.getString('keywords_used'),
      requested_count: watch.getInt('requested_count'),
    });
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

/** The cron tick: starts due watches, oldest due first, at most 50. */
export function runDueWatches(now?: number): TickReport {
  const at = now === undefined ? Date.now() : now;
  const began = Date.now();
  const report: TickReport = { started: 0, refused: 0, waiting: 0 };
  const due = $app.findRecordsByFilter(
    WATCHES,
    "active = true && next_run_at != '' && next_run_at <= {:now}",
    'next_run_at,id',
    DUE_READ_LIMIT,
    0,
    { now: toPbDate(at) },
  );
  for (const watch of due) {
    if (report.started >= WATCH_LIMITS.startsPerTick) break;
    if (!watch) continue;
    try {
      const outcome = tickWatch(watch.id, at);
      if (outcome === 'started') report.started++;
      else if (outcome === 'refused') report.refused++;
      else if (outcome === 'waiting') report.waiting++;
    } catch (error) {
      // one broken watch (deleted meanwhile, a constraint) must not stop the others
      console.error(`[adscout] watch ${watch.id} not started: ${String(error)}`);
    }
  }
  if (report.started || report.refused)
    console.log(
      `[adscout] watches: ${report.started} started, ${report.refused} refused, ${report.waiting} waiting in ${Date.now() - began} ms`,
    );
  return report;
}
