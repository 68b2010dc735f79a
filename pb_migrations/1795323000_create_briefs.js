/// <reference path="../pb_data/types.d.ts" />
// Briefs (docs/ai.md#briefs): what the operator's model wrote for one ad (`ad_id`) or one product
// of Insights (`product_key`, and `ad_id` '' ), in `language` (ISO 639-1, '' when the ads' own was
// unknown), by `model`. Only the server writes one (src/hooks/briefs), after the model answered;
// the owner lists and views their own, and nobody but a superuser changes or deletes one. Mirrored
// to the browser (the sync route, by (user, updated, id)); `created` counts them against the
// allowance of a quota period. `user` cascades: an account's briefs go with it.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'briefs',
        listRule: own,
        viewRule: own,
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
          { type: 'text', name: 'ad_id', max: 64 },
          { type: 'text', name: 'product_key', max: 600 },
          { type: 'text', name: 'product_name', max: 200 },
          { type: 'text', name: 'language', max: 2, pattern: '^[a-z]{2}$' },
          { type: 'text', name: 'text', required: true, max: 8000 },
          { type: 'text', name: 'model', max: 200 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_briefs_user_updated ON briefs (user, updated, id)',
          'CREATE INDEX idx_briefs_user_created ON briefs (user, created)',
          'CREATE INDEX idx_briefs_updated ON briefs (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('briefs'));
  },
);
