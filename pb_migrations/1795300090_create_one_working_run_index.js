/// <reference path="../pb_data/types.d.ts" />
// docs/invariants.md#invariant-2-one-working-run-per-user at the database level: at most one working run per
// user, whatever a hook does.
migrate(
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    runs.addIndex('idx_search_runs_one_working', true, 'user', "status = 'working'");
    app.save(runs);
  },
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    runs.removeIndex('idx_search_runs_one_working');
    app.save(runs);
  },
);
