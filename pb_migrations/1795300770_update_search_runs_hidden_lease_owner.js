/// <reference path="../pb_data/types.d.ts" />
// A run's `lease_owner` names the worker that holds it (by default its host name and pid): hidden,
// so only superusers (the workers, the admin UI) read it; REST, realtime, the sync route and the
// export leave it out for users.
migrate(
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    runs.fields.getByName('lease_owner').hidden = true;
    app.save(runs);
  },
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    runs.fields.getByName('lease_owner').hidden = false;
    app.save(runs);
  },
);
