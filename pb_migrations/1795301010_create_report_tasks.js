/// <reference path="../pb_data/types.d.ts" />
// The reports' work queue (docs/reports.md#exactly-one-report-per-run): one task per completed
// watch run, queued in the transaction that settles the run (src/hooks/runs/leases.ts finish),
// leased by a worker as the creative archive's tasks are (media_tasks), and done once its report
// is stored. Superusers only; never synced. `run` is unique, so a run is queued once whatever
// overlaps; `watch` and `previous_run` are the ids the run completed with (text: they stay when
// the watch or a run goes). A done task goes with its report (`report` cascades).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const runs = app.findCollectionByNameOrId('search_runs');
    const reports = app.findCollectionByNameOrId('reports');
    app.save(
      new Collection({
        type: 'base',
        name: 'report_tasks',
        listRule: null,
        viewRule: null,
        createRule: null,
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
          {
            type: 'relation',
            name: 'run',
            collectionId: runs.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          { type: 'text', name: 'watch', max: 15 },
          { type: 'text', name: 'previous_run', max: 15 },
          { type: 'text', name: 'watch_name', max: 200 },
          {
            type: 'select',
            name: 'status',
            required: true,
            maxSelect: 1,
            values: ['pending', 'done', 'failed'],
          },
          { type: 'number', name: 'attempts', onlyInt: true, min: 0 },
          { type: 'date', name: 'next_attempt_at' },
          { type: 'text', name: 'lease_owner', max: 200 },
          { type: 'date', name: 'lease_expires_at' },
          { type: 'text', name: 'last_error', max: 2000 },
          { type: 'relation', name: 'report', collectionId: reports.id, maxSelect: 1, cascadeDelete: true },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_report_tasks_run ON report_tasks (run)',
          'CREATE INDEX idx_report_tasks_due ON report_tasks (status, next_attempt_at)',
          'CREATE INDEX idx_report_tasks_user ON report_tasks (user)',
          'CREATE INDEX idx_report_tasks_report ON report_tasks (report)',
          'CREATE INDEX idx_report_tasks_updated ON report_tasks (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('report_tasks'));
  },
);
