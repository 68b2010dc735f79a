/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Scout runs (src/hooks/runs): the creation guard (form rules, one working run, quota
// reservation) and the sweep that resumes or fails runs whose worker stopped heartbeating.
// Registration only: each handler require()s its area bundle (handlers share no globals). In a
// block: every .pb.js runs in one VM, where two files' top-level constants would collide.

{
  const { COLLECTIONS } = require(`${__hooks}/lib/domain.js`);

  onRecordCreateRequest((e) => require(`${__hooks}/lib/runs.js`).handleRunCreate(e), COLLECTIONS.searchRuns);
}

// Every minute: a run whose lease expired goes back to the queue, or fails once it has used up
// its attempts (what it stored is kept and charged as usual).
cronAdd('adscout_run_sweep', '* * * * *', () => {
  require(`${__hooks}/lib/runs.js`).sweep();
});
