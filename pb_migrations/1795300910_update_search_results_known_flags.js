/// <reference path="../pb_data/types.d.ts" />
// Unknown is not zero (docs/decisions.md#unknown-is-not-zero): `reach_known` and `collation_known`
// say whether the source gave `reach` and `collation_count` at all (src/domain/ads/ad-fields.ts,
// KNOWN_FLAG_FIELDS). Rows stored before them are backfilled from their counts: a count above 0 is
// one the source gave, and 0 was what the normalizer stored when it gave none. The rows whose flag
// turns true get a new `updated`, so that the browsers' mirrors pull them again (the sync cursor);
// the others read the same with the flag absent (false).
migrate(
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.fields.add(new BoolField({ name: 'reach_known' }), new BoolField({ name: 'collation_known' }));
    app.save(results);
    app
      .db()
      .newQuery(
        'UPDATE search_results SET reach_known = (reach > 0), collation_known = (collation_count > 0), ' +
          'updated = {:now} WHERE reach > 0 OR collation_count > 0',
      )
      .bind({ now: new DateTime().string() })
      .execute();
  },
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.fields.removeByName('reach_known');
    results.fields.removeByName('collation_known');
    app.save(results);
  },
);
