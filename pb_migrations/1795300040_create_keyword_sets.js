/// <reference path="../pb_data/types.d.ts" />
// Keyword lists per user and locale (docs/decisions.md#keyword-sets-belong-to-one-user).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    const locales = [
      'en-US',
      'fr-FR',
      'es-ES',
      'nl-BE',
      'pt-PT',
      'de-DE',
      'pl-PL',
      'da-DK',
      'nb-NO',
      'sv-SE',
      'fi-FI',
      'de-AT',
      'ro-RO',
      'el-GR',
      'it-IT',
    ];
    app.save(
      new Collection({
        type: 'base',
        name: 'keyword_sets',
        listRule: own,
        viewRule: own,
        createRule:
          '@request.auth.id != "" && @request.auth.collectionName = "users" && @request.body.user = @request.auth.id',
        updateRule: own + ' && (@request.body.user:isset = false || @request.body.user = @request.auth.id)',
        deleteRule: own,
        fields: [
          {
            type: 'relation',
            name: 'user',
            collectionId: users.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          { type: 'select', name: 'locale', values: locales, maxSelect: 1, required: true },
          { type: 'json', name: 'keywords', maxSize: 20000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_keyword_sets_user_locale ON keyword_sets (user, locale)',
          'CREATE INDEX idx_keyword_sets_user_updated ON keyword_sets (user, updated, id)',
          'CREATE INDEX idx_keyword_sets_updated ON keyword_sets (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('keyword_sets'));
  },
);
