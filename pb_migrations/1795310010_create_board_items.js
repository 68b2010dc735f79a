/// <reference path="../pb_data/types.d.ts" />
// Board items (docs/boards.md): an ad saved on a board, with the owner's note and labels. The
// owner lists, views, creates, edits (note, labels, a move: `board`) and deletes their own
// through the record API, many at once through POST /api/adscout/boards/{id}/items. The items
// hook (src/hooks/boards) refuses another user's board, a forged `user`, an ad the user does not
// have, checks the limit of 10,000 a board and the labels, and sets `creative` and `added`
// itself (a `creative` sent is ignored); the create rule is loose so that it can say why.
// unique (board, ad_id): an ad is on a board once. `board` and `user` cascade; `creative` is
// cleared if its creative goes (idx_board_items_creative answers that lookup).
const LABELS_MAX_BYTES = 4096;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const boards = app.findCollectionByNameOrId('boards');
    const creatives = app.findCollectionByNameOrId('creatives');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'board_items',
        listRule: own,
        viewRule: own,
        createRule: '@request.auth.id != "" && @request.auth.collectionName = "users"',
        updateRule: own,
        deleteRule: own,
        fields: [
          {
            type: 'relation',
            name: 'board',
            collectionId: boards.id,
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
          { type: 'text', name: 'ad_id', required: true, max: 64 },
          {
            type: 'relation',
            name: 'creative',
            collectionId: creatives.id,
            maxSelect: 1,
            cascadeDelete: false,
          },
          { type: 'text', name: 'note', max: 2000 },
          { type: 'json', name: 'labels', maxSize: LABELS_MAX_BYTES },
          { type: 'date', name: 'added' },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_board_items_board_ad ON board_items (board, ad_id)',
          'CREATE INDEX idx_board_items_user_updated ON board_items (user, updated, id)',
          'CREATE INDEX idx_board_items_updated ON board_items (updated)',
          'CREATE INDEX idx_board_items_user_ad ON board_items (user, ad_id)',
          'CREATE INDEX idx_board_items_board_added ON board_items (board, added, id)',
          'CREATE INDEX idx_board_items_creative ON board_items (creative)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('board_items'));
  },
);
