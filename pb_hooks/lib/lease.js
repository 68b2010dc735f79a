/**
 * The worker lease protocol (ARCHITECTURE §5): a worker claims the oldest unclaimed working run,
 * holds it while it heartbeats, and loses it when the lease expires (a crash, a stall, a server
 * restart). Every step runs in one transaction, so two workers never hold the same run.
 */
const RUNS = 'search_runs';

function env(name, fallback) {
  const value = Number($os.getenv(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** How long a claim or heartbeat holds a run (SCOUT_LEASE_SECONDS, default 60). */
function leaseSeconds() {
  return env('SCOUT_LEASE_SECONDS', 60);
}

/** How many times a run may be claimed before an expired lease fails it (SCOUT_MAX_ATTEMPTS, default 3). */
function maxAttempts() {
  return env('SCOUT_MAX_ATTEMPTS', 3);
}

/** The worker name a request speaks for (each worker process has its own). */
function workerName(e) {
  const name = String((e.requestInfo().body || {}).worker || '').trim();
  if (!name || name.length > 100) throw new BadRequestError('worker (1–100 characters) is required.');
  return name;
}

function nowString() {
  return new DateTime().string();
}

function leaseUntil() {
  return new DateTime().add(leaseSeconds() * 1000 * 1000 * 1000).string();
}

function storedCount(app, runId) {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery('SELECT COUNT(*) AS n FROM search_results WHERE run = {:run}')
    .bind({ run: runId })
    .one(row);
  return row.n;
}

function claimView(app, run) {
  return {
    id: run.id,
    user: run.getString('user'),
    search_name: run.getString('search_name'),
    facebook_link: run.getString('facebook_link'),
    target_country: run.getString('target_country'),
    keywords_used: run.getString('keywords_used'),
    requested_count: run.getInt('requested_count'),
    stored_count: storedCount(app, run.id),
    attempts: run.getInt('attempts'),
  };
}

/** Claims the oldest working run that nobody holds; returns its view or null. */
function claim(workerName) {
  let claimed = null;
  $app.runInTransaction((txApp) => {
    const runs = txApp.findRecordsByFilter(
      RUNS,
      "status = 'working' && (lease_owner = '' || lease_expires_at < {:now}) && attempts < {:max}",
      'created',
      1,
      0,
      { now: nowString(), max: maxAttempts() },
    );
    if (runs.length === 0) return;
    const run = runs[0];
    run.set('lease_owner', workerName);
    run.set('lease_expires_at', leaseUntil());
    run.set('attempts', run.getInt('attempts') + 1);
    txApp.save(run);
    claimed = claimView(txApp, run);
  });
  return claimed;
}

/** Loads a run that `workerName` must hold; throws 409 when the lease is not (or no longer) theirs. */
function requireLease(txApp, runId, workerName) {
  let run;
  try {
    run = txApp.findRecordById(RUNS, runId);
  } catch (_) {
    throw new NotFoundError('No such run.');
  }
  const held =
    run.getString('status') === 'working' &&
    run.getString('lease_owner') === workerName &&
    run.getString('lease_expires_at') >= nowString();
  if (!held) throw new ApiError(409, 'The lease on this run is not held by this worker.', {});
  return run;
}

/** Extends the lease and records progress (rows stored so far). */
function heartbeat(runId, workerName) {
  let result = null;
  $app.runInTransaction((txApp) => {
    const run = requireLease(txApp, runId, workerName);
    run.set('lease_expires_at', leaseUntil());
    run.set('progress', storedCount(txApp, runId));
    txApp.save(run);
    result = { lease_expires_at: run.getString('lease_expires_at'), progress: run.getInt('progress') };
  });
  return result;
}

/** Lets a run go at once (a worker shutting down), so another worker can resume it. */
function release(runId, workerName) {
  $app.runInTransaction((txApp) => {
    const run = requireLease(txApp, runId, workerName);
    run.set('lease_owner', '');
    run.set('lease_expires_at', '');
    // A clean hand-back is not a failed attempt.
    run.set('attempts', Math.max(0, run.getInt('attempts') - 1));
    txApp.save(run);
  });
}

const STALLED_MESSAGE = 'The scout stopped responding and could not be resumed. Please try again.';
const UNCLAIMED_MESSAGE = 'No scout worker picked up this search. Please try again later.';

/** How long a run may wait for a worker before it fails (SCOUT_QUEUE_TIMEOUT_MINUTES, default 30). */
function queueTimeoutMs() {
  return env('SCOUT_QUEUE_TIMEOUT_MINUTES', 30) * 60 * 1000;
}

/**
 * Re-queues runs whose lease expired (their worker crashed or stalled) and fails those that
 * have used up their attempts. Returns what it did, for logs and tests.
 */
function sweep() {
  const settle = require(`${__hooks}/lib/settle.js`);
  const done = { requeued: 0, failed: 0 };
  $app.runInTransaction((txApp) => {
    const stale = txApp.findRecordsByFilter(
      RUNS,
      "status = 'working' && lease_expires_at != '' && lease_expires_at < {:now}",
      'created',
      500,
      0,
      { now: nowString() },
    );
    for (const run of stale) {
      if (run.getInt('attempts') >= maxAttempts()) {
        settle.settleRun(txApp, run, 'failed', STALLED_MESSAGE);
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
    const cutoff = require(`${__hooks}/lib/domain.js`).toPbDate(Date.now() - queueTimeoutMs());
    const waiting = txApp.findRecordsByFilter(
      RUNS,
      "status = 'working' && lease_owner = '' && attempts = 0 && started_at != '' && started_at < {:cutoff}",
      'created',
      500,
      0,
      { cutoff: cutoff },
    );
    for (const run of waiting) {
      settle.settleRun(txApp, run, 'failed', UNCLAIMED_MESSAGE);
      done.failed++;
    }
  });
  if (done.requeued || done.failed)
    console.log(`[adscout] run sweep: ${done.requeued} re-queued, ${done.failed} failed`);
  return done;
}

module.exports = {
  sweep,
  workerName,
  claim,
  heartbeat,
  release,
  requireLease,
  leaseSeconds,
  maxAttempts,
  storedCount,
  nowString,
};
