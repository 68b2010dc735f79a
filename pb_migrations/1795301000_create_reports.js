/// <reference path="../pb_data/types.d.ts" />
// The morning report (docs/reports.md): one record per completed watch run, comparing it with the
// watch's previous completed run. The server writes it (src/hooks/reports, from what a worker
// computed); its owner lists and views their own and may change `read_at` alone (the update rule
// lets the owner update; src/hooks/reports/record-rules.ts answers any other field with a 400 that
// names it: a rule refusing the body would answer a bare 404, since PocketBase checks the rule
// before any hook runs); nobody but a superuser creates or deletes one.
// `user` cascades (an account's reports go with it); `watch` and `previous_run` are cleared when
// their record is deleted (a deleted watch keeps its reports, as it keeps its runs); `run` is
// unique: exactly one report per run, whatever a hook or a worker does. The lists' item shapes are
// src/domain/reports/report-contract.ts's (the store route checks them).
const LIST_MAX_BYTES = 1024 * 1024;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const runs = app.findCollectionByNameOrId('search_runs');
    const watches = app.findCollectionByNameOrId('watches');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    const counts = [
      'ads_count',
      'new_count',
      'stopped_count',
      'resumed_count',
      'unseen_count',
      'looked_up_count',
      'products_count',
      'stores_count',
    ];
    const lists = ['new_ads', 'stopped_ads', 'resumed_ads', 'unseen_ads', 'products', 'stores'];
    app.save(
      new Collection({
        type: 'base',
        name: 'reports',
        listRule: own,
        viewRule: own,
        createRule: null,
        updateRule: `${own} && @request.auth.collectionName = "users"`,
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
          { type: 'relation', name: 'watch', collectionId: watches.id, maxSelect: 1, cascadeDelete: false },
          {
            type: 'relation',
            name: 'run',
            collectionId: runs.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          {
            type: 'relation',
            name: 'previous_run',
            collectionId: runs.id,
            maxSelect: 1,
            cascadeDelete: false,
          },
          { type: 'text', name: 'watch_name', max: 200 },
          { type: 'date', name: 'period_start' },
          { type: 'date', name: 'period_end' },
        ]
          .concat(counts.map((name) => ({ type: 'number', name: name, onlyInt: true, min: 0 })))
          .concat(lists.map((name) => ({ type: 'json', name: name, maxSize: LIST_MAX_BYTES })))
          .concat([
            { type: 'date', name: 'read_at' },
            { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
            { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
          ]),
        indexes: [
          'CREATE UNIQUE INDEX idx_reports_run ON reports (run)',
          'CREATE INDEX idx_reports_user_updated ON reports (user, updated, id)',
          'CREATE INDEX idx_reports_user_created ON reports (user, created)',
          'CREATE INDEX idx_reports_updated ON reports (updated)',
          'CREATE INDEX idx_reports_created ON reports (created)',
          'CREATE INDEX idx_reports_watch ON reports (watch)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('reports'));
  },
);
