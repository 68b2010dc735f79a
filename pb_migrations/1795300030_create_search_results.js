/// <reference path="../pb_data/types.d.ts" />
// One stored ad of one run: the 24 ad fields of docs/product.md#entities-and-fields plus what the scout
// derives. Only the worker routes write results; the owner reads them.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const runs = app.findCollectionByNameOrId('search_runs');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    const text = (name, max) => ({ type: 'text', name: name, max: max || 5000 });
    app.save(
      new Collection({
        type: 'base',
        name: 'search_results',
        listRule: own,
        viewRule: own,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
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
            name: 'user',
            collectionId: users.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          text('active_status', 20),
          text('keywords', 1000),
          text('country', 20),
          { type: 'number', name: 'reach', onlyInt: true, min: 0 },
          text('store_name', 500),
          text('title', 2000),
          { type: 'text', name: 'ad_id', required: true, max: 64 },
          text('category', 500),
          text('format', 50),
          { type: 'number', name: 'page_likes', onlyInt: true, min: 0 },
          { type: 'date', name: 'start_date' },
          { type: 'date', name: 'end_date' },
          text('platforms', 200),
          text('page_profile_url', 2000),
          text('ad_library_url', 2000),
          text('product_link', 4000),
          text('caption', 2000),
          text('cta_text', 200),
          text('body', 20000),
          text('cta_type', 100),
          text('link_description', 5000),
          text('age_ranges', 200),
          text('page_id', 64),
          text('gender_audience', 100),
          { type: 'number', name: 'collation_count', onlyInt: true, min: 0 },
          { type: 'number', name: 'days_running', onlyInt: true, min: 0 },
          text('media_url', 4000),
          { type: 'number', name: 'winning_score', min: 0 },
          { type: 'bool', name: 'is_new' },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_search_results_run_ad ON search_results (run, ad_id)',
          'CREATE INDEX idx_search_results_user_created ON search_results (user, created)',
          'CREATE INDEX idx_search_results_user_ad ON search_results (user, ad_id)',
          'CREATE INDEX idx_search_results_user_updated ON search_results (user, updated, id)',
          'CREATE INDEX idx_search_results_updated ON search_results (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('search_results'));
  },
);
