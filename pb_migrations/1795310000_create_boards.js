/// <reference path="../pb_data/types.d.ts" />
// Boards (docs/boards.md): a user's swipe file. The owner lists, views, creates, renames and
// deletes their own through the record API (read whole, like watches: at most 200 a user). The
// sharing fields are the server's: `share_token` ('' when not shared) is a plain field the owner
// reads through the rules, written only by the share routes, as is `share_notes`; the boards hook
// (src/hooks/boards) answers a request that sends either with a 400 naming it, and checks the
// limit of 200. The create rule lets any signed-in user create so that the hook can say why it
// refuses a forged `user` (a failed create rule answers a bare 400 before any hook runs).
// `user` cascades: deleting an account deletes its boards.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'boards',
        listRule: own,
        viewRule: own,
        createRule: '@request.auth.id != "" && @request.auth.collectionName = "users"',
        updateRule: own,
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
          { type: 'text', name: 'name', required: true, max: 100 },
          { type: 'text', name: 'description', max: 2000 },
          { type: 'text', name: 'share_token', max: 64, pattern: '^[A-Za-z0-9_-]*$' },
          { type: 'bool', name: 'share_notes' },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_boards_user_updated ON boards (user, updated, id)',
          'CREATE INDEX idx_boards_updated ON boards (updated)',
          // the public page finds a board by its token; '' (not shared) is left out
          "CREATE UNIQUE INDEX idx_boards_share_token ON boards (share_token) WHERE share_token != ''",
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('boards'));
  },
);
