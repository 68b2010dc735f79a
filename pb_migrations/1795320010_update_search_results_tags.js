/// <reference path="../pb_data/types.d.ts" />
// A row's tags (docs/ai.md#tags): the offers, hooks, language and CTA type the worker found in the
// ad's copy, joined by the server with the tags of the text on its creative (src/domain/tags).
// Rows stored before this are tagged by the backfill; until then the field is null.
migrate(
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.fields.add(new JSONField({ name: 'tags', maxSize: 4000 }));
    app.save(results);
  },
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.fields.removeByName('tags');
    app.save(results);
  },
);
