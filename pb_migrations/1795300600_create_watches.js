/// <reference path="../pb_data/types.d.ts" />
// Watches (docs/watches.md): a user's saved searches that the scheduler cron re-runs daily or weekly.
// The owner writes the form's fields, the cadence and `active`; the server alone writes when it
// runs next, its last run and why that run was refused. The watches hook (src/hooks/watches)
// checks the form's rules, the subscription and the limit of 20. `user` cascades, so deleting an
// account deletes its watches.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const runs = app.findCollectionByNameOrId('search_runs');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    const serverFieldsUnset = ['next_run_at', 'last_run', 'last_error']
      .map((f) => `@request.body.${f}:isset = false`)
      .join(' && ');
    // the scout form's countries, as search_runs lists them
    const countries = Array.from(runs.fields.getByName('target_country').values);
    app.save(
      new Collection({
        type: 'base',
        name: 'watches',
        listRule: own,
        viewRule: own,
        createRule: `@request.auth.id != "" && @request.auth.collectionName = "users" && @request.body.user = @request.auth.id && ${serverFieldsUnset}`,
        updateRule: `${own} && (@request.body.user:isset = false || @request.body.user = @request.auth.id) && ${serverFieldsUnset}`,
        deleteRule: own,
        fields: [
          {
            type: 'relation',
            name: 'user',
            collectionId: users.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          { type: 'text', name: 'name', required: true, max: 200 },
          { type: 'text', name: 'facebook_link', required: true, max: 2000 },
          { type: 'select', name: 'target_country', values: countries, maxSelect: 1, required: true },
          { type: 'text', name: 'keywords_used', max: 1000 },
          { type: 'number', name: 'requested_count', onlyInt: true, min: 1, max: 1000, required: true },
          { type: 'select', name: 'cadence', values: ['daily', 'weekly'], maxSelect: 1, required: true },
          { type: 'bool', name: 'active' },
          { type: 'date', name: 'next_run_at' },
          { type: 'relation', name: 'last_run', collectionId: runs.id, maxSelect: 1, cascadeDelete: false },
          { type: 'text', name: 'last_error', max: 2000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_watches_user_updated ON watches (user, updated, id)',
          'CREATE INDEX idx_watches_updated ON watches (updated)',
          'CREATE INDEX idx_watches_due ON watches (active, next_run_at)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('watches'));
  },
);
