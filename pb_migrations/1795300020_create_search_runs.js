/// <reference path="../pb_data/types.d.ts" />
// A scout run. The owner creates it with the form's fields only; the run guard hook and the
// worker routes own every server field (status, counts, progress, lease).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    const serverFields = [
      'status',
      'started_at',
      'finished_at',
      'results_count',
      'new_count',
      'charged_count',
      'progress',
      'error',
      'source',
      'lease_owner',
      'lease_expires_at',
      'attempts',
    ];
    const createRule = [
      '@request.auth.id != ""',
      '@request.auth.collectionName = "users"',
      '@request.body.user = @request.auth.id',
      ...serverFields.map((f) => `@request.body.${f}:isset = false`),
    ].join(' && ');
    const countries = [
      'US',
      'GB',
      'CA',
      'AU',
      'DE',
      'FR',
      'ES',
      'IT',
      'NL',
      'BE',
      'PT',
      'PL',
      'DK',
      'NO',
      'SE',
      'FI',
      'AT',
      'RO',
      'GR',
    ];
    app.save(
      new Collection({
        type: 'base',
        name: 'search_runs',
        listRule: own,
        viewRule: own,
        createRule: createRule,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: 'relation',
            name: 'user',
            collectionId: users.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          { type: 'text', name: 'search_name', required: true, max: 200 },
          { type: 'text', name: 'facebook_link', required: true, max: 2000 },
          { type: 'select', name: 'target_country', values: countries, maxSelect: 1, required: true },
          { type: 'text', name: 'keywords_used', max: 1000 },
          { type: 'number', name: 'requested_count', onlyInt: true, min: 1, max: 1000, required: true },
          { type: 'select', name: 'status', values: ['working', 'failed', 'completed'], maxSelect: 1 },
          { type: 'date', name: 'started_at' },
          { type: 'date', name: 'finished_at' },
          { type: 'number', name: 'results_count', onlyInt: true, min: 0 },
          { type: 'number', name: 'new_count', onlyInt: true, min: 0 },
          { type: 'number', name: 'charged_count', onlyInt: true, min: 0 },
          { type: 'number', name: 'progress', onlyInt: true, min: 0 },
          { type: 'text', name: 'error', max: 2000 },
          { type: 'text', name: 'source', max: 20 },
          { type: 'text', name: 'lease_owner', max: 100 },
          { type: 'date', name: 'lease_expires_at' },
          { type: 'number', name: 'attempts', onlyInt: true, min: 0 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_search_runs_user_status ON search_runs (user, status)',
          'CREATE INDEX idx_search_runs_user_started ON search_runs (user, started_at)',
          'CREATE INDEX idx_search_runs_user_updated ON search_runs (user, updated, id)',
          'CREATE INDEX idx_search_runs_updated ON search_runs (updated)',
          'CREATE INDEX idx_search_runs_status_created ON search_runs (status, created)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('search_runs'));
  },
);
