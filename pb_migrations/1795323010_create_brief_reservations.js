/// <reference path="../pb_data/types.d.ts" />
// A brief being written (docs/ai.md#the-allowance): one record per request between the allowance
// check and the model's answer, made in the transaction that counts the user's briefs, so two
// requests at once cannot both take the last one. Deleted when the brief is stored (in that
// transaction) or when the call fails; one older than BRIEF_RESERVATION_STALE_SECONDS is of a
// request that died halfway and no longer counts. Superusers only, never synced.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    app.save(
      new Collection({
        type: 'base',
        name: 'brief_reservations',
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
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_brief_reservations_user_created ON brief_reservations (user, created)',
          'CREATE INDEX idx_brief_reservations_created ON brief_reservations (created)',
          'CREATE INDEX idx_brief_reservations_updated ON brief_reservations (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('brief_reservations'));
  },
);
