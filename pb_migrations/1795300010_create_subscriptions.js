/// <reference path="../pb_data/types.d.ts" />
// One subscription per user. Only hooks (billing) write it; the owner may read it.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'subscriptions',
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
          { type: 'select', name: 'plan', values: ['monthly', 'yearly', 'lifetime'], maxSelect: 1 },
          { type: 'select', name: 'status', values: ['active', 'suspended', 'canceled'], maxSelect: 1 },
          { type: 'text', name: 'stripe_customer_id', max: 255 },
          { type: 'text', name: 'stripe_subscription_id', max: 255 },
          { type: 'bool', name: 'cancel_at_period_end' },
          { type: 'date', name: 'current_period_end' },
          { type: 'date', name: 'quota_anchor' },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_subscriptions_user ON subscriptions (user)',
          'CREATE INDEX idx_subscriptions_updated ON subscriptions (updated)',
          'CREATE INDEX idx_subscriptions_stripe_customer ON subscriptions (stripe_customer_id)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('subscriptions'));
  },
);
