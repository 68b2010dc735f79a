/// <reference path="../pb_data/types.d.ts" />
// Scout runs: the creation guard (form rules, one working run, quota reservation) and the
// sweep that resumes or fails runs whose worker stopped heartbeating.

onRecordCreateRequest((e) => {
  // Superusers (operators, tests seeding data) bypass the guard; every user request goes through it.
  if (e.hasSuperuserAuth()) return e.next();
  const guard = require(`${__hooks}/lib/run-guard.js`);
  guard.guardCreate(e);
}, 'search_runs');

// Every minute: a run whose lease expired goes back to the queue, or fails once it has used up
// its attempts (what it stored is kept and charged as usual).
cronAdd('adscout_run_sweep', '* * * * *', () => {
  const lease = require(`${__hooks}/lib/lease.js`);
  lease.sweep();
});
