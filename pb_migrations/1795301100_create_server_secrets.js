/// <reference path="../pb_data/types.d.ts" />
// Secrets the server makes once and keeps in its database, so that a restore of the database
// (a backup, a replica) brings them back with the records that depend on them
// (docs/push.md#the-vapid-keys): the VAPID keys, which the browsers' push subscriptions are bound
// to. One record per secret, by name. No rule: superusers only; the hooks read them
// (src/hooks/config/server-secrets.ts), and a worker gets the VAPID keys through its own route.
migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'server_secrets',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'text', name: 'name', required: true, max: 64, pattern: '^[a-z0-9_]+$' },
          { type: 'text', name: 'value', required: true, max: 10000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_server_secrets_name ON server_secrets (name)',
          'CREATE INDEX idx_server_secrets_updated ON server_secrets (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('server_secrets'));
  },
);
