/// <reference path="../pb_data/types.d.ts" />
// The ad detail view shows the creative: a video's preview image (its poster) and how many cards
// a carousel has, next to the media_url every row already stores (src/domain/ads/ad-fields.ts,
// CREATIVE_FIELDS; tests/integration/schema-parity.test.ts compares the two).
migrate(
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.fields.add(
      new TextField({ name: 'media_poster_url', max: 4000 }),
      new NumberField({ name: 'card_count', onlyInt: true, min: 0 }),
    );
    app.save(results);
  },
  (app) => {
    const results = app.findCollectionByNameOrId('search_results');
    results.fields.removeByName('media_poster_url');
    results.fields.removeByName('card_count');
    app.save(results);
  },
);
