/// <reference path="../pb_data/types.d.ts" />
// Each ad a watch has seen, with its newest sighting (docs/reports.md#what-a-report-reads): kept
// up to date in the transaction that completes a watch run (src/hooks/reports/sightings.ts), so
// that a report reads the watch's earlier ads as one row each instead of grouping every row of
// every earlier run. Superusers only; never synced. Unique per (watch, ad_id); `watch`, `row` and
// `run` are ids as text (a sighting of a deleted watch is pruned with the reports); `user` goes
// with the account.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    app.save(
      new Collection({
        type: 'base',
        name: 'watch_sightings',
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
          { type: 'text', name: 'watch', max: 15, required: true },
          { type: 'text', name: 'ad_id', max: 64, required: true },
          { type: 'text', name: 'row', max: 15, required: true },
          { type: 'text', name: 'run', max: 15, required: true },
          { type: 'date', name: 'seen', required: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_watch_sightings_watch_ad ON watch_sightings (watch, ad_id)',
          'CREATE INDEX idx_watch_sightings_user ON watch_sightings (user)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('watch_sightings'));
  },
);
