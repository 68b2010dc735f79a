/**
 * The run sweep (cron, every minute): runs whose lease expired (their worker crashed or stalled)
 * go back to the queue, or fail once they have used up their attempts; runs no worker ever
 * picked up fail after the queue timeout. What a failed run stored is kept and charged as usual.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { positiveEnv } from '../config/index.ts';
import { settleRun } from '../quota/index.ts';
import { nowString } from '../tasks/index.ts';
import { maxAttempts } from './leases.ts';

const STALLED_MESSAGE = 'The scout stopped responding and could not be resumed. Please try again.';
const UNCLAIMED_MESSAGE = 'No scout worker picked up this search. Please try again later.';

/** How long a run may wait for a worker before it fails (SCOUT_QUEUE_TIMEOUT_MINUTES, default 30). */
function queueTimeoutMs(): number {
  return positiveEnv('SCOUT_QUEUE_TIMEOUT_MINUTES', 30) * 60 * 1000;
}

/** Up to 500 working runs that also match `filter`, oldest first. */
function workingRuns(txApp: CoreApp, filter: string, params: { [name: string]: unknown }): core.Record[] {
  const runs = txApp.findRecordsByFilter(
    COLLECTIONS.searchRuns,
    `status = 'working' && ${filter}`,
    'created',
    500,
    0,
    params,
  );
  return runs.filter((run): run is core.Record => Boolean(run));
}

/** Re-queues or fails stale runs; returns what it did, for logs and tests. */
export function sweep(): { requeued: number; failed: number } {
  const done = { requeued: 0, failed: 0 };
  $app.runInTransaction((txApp) => {
    for (const run of workingRuns(txApp, "lease_expires_at != '' && lease_expires_at < {:now}", {
      now: nowString(),
    })) {
      if (run.getInt('attempts') >= maxAttempts()) {
        settleRun(txApp, run, 'failed', STALLED_MESSAGE);
        done.failed++;
      } else {
        run.set('lease_owner', '');
        run.set('lease_expires_at', '');
        txApp.save(run);
        done.requeued++;
      }
    }
  });
  // Runs nobody ever picked up (no worker running) fail instead of showing Working forever.
  $app.runInTransaction((txApp) => {
    const cutoff = toPbDate(Date.now() - queueTimeoutMs());
    for (const run of workingRuns(
      txApp,
      "lease_owner = '' && attempts = 0 && started_at != '' && started_at < {:cutoff}",
      { cutoff: cutoff },
    )) {
      settleRun(txApp, run, 'failed', UNCLAIMED_MESSAGE);
      done.failed++;
    }
  });
  if (done.requeued || done.failed)
    console.log(`[adscout] run sweep: ${done.requeued} re-queued, ${done.failed} failed`);
  return done;
}
