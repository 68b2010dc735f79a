/// <reference path="../pb_data/types.d.ts" />
// Board items' tombstones (docs/boards.md#deletions): the server writes one when an item is
// deleted through the API, in the same transaction, so that a device closed at the time removes
// it too (the sync route's keyset pull never sees a deletion). Pulled like the items; pruned
// after BOARD_TOMBSTONE_DAYS by a cron. `item` and `board` are ids as text: the records are gone.
// The owner lists and views their own; nobody but the server writes one.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'board_item_deletions',
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
          { type: 'text', name: 'item', required: true, max: 15 },
          { type: 'text', name: 'board', max: 15 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_board_item_deletions_user_updated ON board_item_deletions (user, updated, id)',
          'CREATE INDEX idx_board_item_deletions_updated ON board_item_deletions (updated)',
          'CREATE INDEX idx_board_item_deletions_created ON board_item_deletions (created)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('board_item_deletions'));
  },
);
