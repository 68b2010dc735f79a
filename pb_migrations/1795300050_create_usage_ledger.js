/// <reference path="../pb_data/types.d.ts" />
// The quota ledger: every use, grant, reservation and release is one row. Balances are sums over
// it (indexed by user), never counts of result rows. Only hooks write it.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const runs = app.findCollectionByNameOrId('search_runs');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'usage_ledger',
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
          { type: 'relation', name: 'run', collectionId: runs.id, maxSelect: 1, cascadeDelete: false },
          { type: 'text', name: 'checkout_session', max: 255 },
          {
            type: 'select',
            name: 'kind',
            values: ['plan_use', 'addon_use', 'addon_grant', 'reservation', 'reservation_release'],
            maxSelect: 1,
            required: true,
          },
          { type: 'number', name: 'amount', onlyInt: true, min: 0 },
          { type: 'date', name: 'period_start' },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_usage_ledger_user_created ON usage_ledger (user, created)',
          'CREATE INDEX idx_usage_ledger_user_kind_period ON usage_ledger (user, kind, period_start)',
          'CREATE INDEX idx_usage_ledger_run ON usage_ledger (run)',
          'CREATE INDEX idx_usage_ledger_user_updated ON usage_ledger (user, updated, id)',
          'CREATE INDEX idx_usage_ledger_updated ON usage_ledger (updated)',
          // a credit pack is granted once per checkout session
          // (docs/invariants.md#invariant-6-every-stripe-event-takes-effect-once)
          "CREATE UNIQUE INDEX idx_usage_ledger_grant_session ON usage_ledger (checkout_session) WHERE kind = 'addon_grant' AND checkout_session != ''",
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('usage_ledger'));
  },
);
