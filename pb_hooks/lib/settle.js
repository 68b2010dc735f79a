/**
 * Settlement of a run (ARCHITECTURE §5 step 7, invariant 4): counts what was stored, charges
 * only the ads new to the user's database (never more than was reserved), releases the
 * reservation, and closes the run — all in the caller's transaction. Settling a run that is no
 * longer working changes nothing, so a repeated finish is harmless.
 */
const MAX_ERROR_LENGTH = 2000;

function countRows(app, runId, onlyNew) {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(
      `SELECT COUNT(*) AS n FROM search_results WHERE run = {:run}${onlyNew ? ' AND is_new = TRUE' : ''}`,
    )
    .bind({ run: runId })
    .one(row);
  return row.n;
}

function view(run) {
  return {
    id: run.id,
    status: run.getString('status'),
    results_count: run.getInt('results_count'),
    new_count: run.getInt('new_count'),
    charged_count: run.getInt('charged_count'),
    finished_at: run.getString('finished_at'),
    error: run.getString('error'),
  };
}

/** Settles `run` (a record loaded with txApp) as completed or failed. */
function settleRun(txApp, run, status, error) {
  if (run.getString('status') !== 'working') return view(run);
  const quota = require(`${__hooks}/lib/quota.js`);
  const results = countRows(txApp, run.id, false);
  const fresh = countRows(txApp, run.id, true);
  const charged = quota.settle(txApp, run.id, fresh, new Date());
  run.set('status', status);
  run.set('finished_at', new DateTime().string());
  run.set('results_count', results);
  run.set('new_count', fresh);
  run.set('charged_count', charged);
  run.set('progress', results);
  run.set(
    'error',
    status === 'failed' ? String(error || 'The scout failed.').slice(0, MAX_ERROR_LENGTH) : '',
  );
  run.set('lease_owner', '');
  run.set('lease_expires_at', '');
  txApp.save(run);
  return view(run);
}

/** POST …/worker/runs/{id}/finish from the worker that holds (or last held) the run. */
function finish(runId, workerName, body) {
  const status = body && body.status;
  if (status !== 'completed' && status !== 'failed') {
    throw new BadRequestError('status must be completed or failed.');
  }
  let outcome = null;
  $app.runInTransaction((txApp) => {
    let run;
    try {
      run = txApp.findRecordById('search_runs', runId);
    } catch (_) {
      throw new NotFoundError('No such run.');
    }
    if (run.getString('status') !== 'working') {
      outcome = view(run);
      return;
    }
    // The last holder may finish even just after its lease ran out, as long as nobody took over.
    if (run.getString('lease_owner') !== workerName) {
      throw new ApiError(409, 'The lease on this run is not held by this worker.', {});
    }
    outcome = settleRun(txApp, run, status, body.error);
  });
  return outcome;
}

module.exports = { settleRun, finish, countRows };
