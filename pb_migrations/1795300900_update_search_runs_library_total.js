/// <reference path="../pb_data/types.d.ts" />
// How many ads the Library holds for a run's search, where the source says (the Apify items'
// `total`, the demo catalogue's own count; docs/pipeline.md#coverage): 0 means the source did not
// say. Server-written through the worker routes, so the create rule refuses it.
migrate(
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    runs.fields.add(new NumberField({ name: 'library_total', onlyInt: true, min: 0 }));
    runs.createRule = runs.createRule + ' && @request.body.library_total:isset = false';
    app.save(runs);
  },
  (app) => {
    const runs = app.findCollectionByNameOrId('search_runs');
    runs.createRule = runs.createRule.replace(' && @request.body.library_total:isset = false', '');
    runs.fields.removeByName('library_total');
    app.save(runs);
  },
);
