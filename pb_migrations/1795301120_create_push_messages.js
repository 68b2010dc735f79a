/// <reference path="../pb_data/types.d.ts" />
// The push queue (docs/push.md#sending): one record per push and subscription, queued by the hooks
// (src/hooks/push/queue.ts) and sent by the workers under a lease, as the archive's media_tasks
// are. A push delivered is deleted; one the push service refuses for good, or that ran out of
// attempts, stays `failed` for 7 days with its reason. Superusers only, never synced. Both
// relations cascade: deleting a subscription or an account deletes its pushes.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const subscriptions = app.findCollectionByNameOrId('push_subscriptions');
    app.save(
      new Collection({
        type: 'base',
        name: 'push_messages',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: 'relation',
            name: 'subscription',
            collectionId: subscriptions.id,
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
          { type: 'text', name: 'payload', required: true, max: 4096 },
          { type: 'text', name: 'topic', max: 32 },
          { type: 'date', name: 'expires_at', required: true },
          { type: 'select', name: 'status', required: true, maxSelect: 1, values: ['pending', 'failed'] },
          { type: 'number', name: 'attempts', onlyInt: true, min: 0 },
          { type: 'date', name: 'next_attempt_at' },
          { type: 'text', name: 'lease_owner', max: 200 },
          { type: 'date', name: 'lease_expires_at' },
          { type: 'text', name: 'last_error', max: 2000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_push_messages_due ON push_messages (status, next_attempt_at)',
          'CREATE INDEX idx_push_messages_subscription ON push_messages (subscription)',
          'CREATE INDEX idx_push_messages_user ON push_messages (user)',
          'CREATE INDEX idx_push_messages_updated ON push_messages (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('push_messages'));
  },
);
