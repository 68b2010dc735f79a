/// <reference path="../pb_data/types.d.ts" />
// Web Push subscriptions (docs/push.md#subscriptions): one per browser, its endpoint unique. The
// owner creates, lists, views and deletes their own; nobody updates one (a browser with new keys
// saves its subscription again). The create hook (src/hooks/push/subscriptions.ts) checks the
// endpoint (https, no private address written literally, unless MEDIA_FETCH_ALLOW names it), keeps
// at most 10 per user, and moves an endpoint another account held to the new one. The keys'
// patterns are src/domain/push/push-endpoint.ts's. `user` cascades: deleting an account deletes them.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'push_subscriptions',
        listRule: own,
        viewRule: own,
        createRule: `@request.auth.id != "" && @request.auth.collectionName = "users" && user = @request.auth.id`,
        updateRule: null,
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
          { type: 'text', name: 'endpoint', required: true, max: 2048 },
          { type: 'text', name: 'p256dh', required: true, max: 87, pattern: '^B[A-Za-z0-9_-]{86}$' },
          { type: 'text', name: 'auth', required: true, max: 22, pattern: '^[A-Za-z0-9_-]{21}[AQgw]$' },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_push_subscriptions_endpoint ON push_subscriptions (endpoint)',
          'CREATE INDEX idx_push_subscriptions_user ON push_subscriptions (user, created)',
          'CREATE INDEX idx_push_subscriptions_updated ON push_subscriptions (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('push_subscriptions'));
  },
);
