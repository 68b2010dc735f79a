/// <reference path="../pb_data/types.d.ts" />
// The rows still untagged (docs/ai.md#the-backfill): a partial index of search_results' ids
// whose `tags` are null, with the very condition of the backfill's page query
// (src/hooks/tags/backfill.ts), so that a page reads the untagged rows alone, by id, and once the
// backfill is done the index is empty and a look costs nothing.
const INDEX = 'idx_search_results_untagged';

migrate(
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.indexes = [
      ...results.indexes,
      `CREATE INDEX ${INDEX} ON search_results (id) WHERE (tags IS NULL OR tags = 'null')`,
    ];
    app.save(results);
  },
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.indexes = results.indexes.filter((index) => index.indexOf(INDEX) < 0);
    app.save(results);
  },
);
