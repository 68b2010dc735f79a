/// <reference path="../pb_data/types.d.ts" />
// Local-mode billing sessions: the capability behind a test-checkout or test-portal URL, which
// opens in a new tab without the app's auth header. Server-only; single-use for checkouts.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    app.save(
      new Collection({
        type: 'base',
        name: 'billing_sessions',
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
          { type: 'select', name: 'kind', values: ['checkout', 'portal'], maxSelect: 1, required: true },
          { type: 'text', name: 'product', max: 50 },
          { type: 'text', name: 'token', required: true, min: 32, max: 64 },
          {
            type: 'select',
            name: 'status',
            values: ['open', 'paid', 'canceled'],
            maxSelect: 1,
            required: true,
          },
          { type: 'date', name: 'expires_at', required: true },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_billing_sessions_token ON billing_sessions (token)'],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('billing_sessions'));
  },
);
