/// <reference path="../pb_data/types.d.ts" />
// A run started by a watch's schedule links to it (server-written: users cannot set it). Deleting
// the watch keeps the run and clears the link (not a cascade).
migrate(
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    const watches = app.findCollectionByNameOrId('watches');
    runs.fields.add(
      new RelationField({ name: 'watch', collectionId: watches.id, maxSelect: 1, cascadeDelete: false }),
    );
    runs.addIndex('idx_search_runs_watch', false, 'watch', '');
    runs.createRule = runs.createRule + ' && @request.body.watch:isset = false';
    app.save(runs);
  },
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    runs.createRule = runs.createRule.replace(' && @request.body.watch:isset = false', '');
    runs.removeIndex('idx_search_runs_watch');
    runs.fields.removeByName('watch');
    app.save(runs);
  },
);
