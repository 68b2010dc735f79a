/// <reference path="../pb_data/types.d.ts" />
// users keeps PocketBase's email/password auth. A user sees only themself; email and password
// change through /api/adscout/account/* so the server can write the audit log in the same request.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.listRule = 'id = @request.auth.id';
    users.viewRule = 'id = @request.auth.id';
    users.createRule = '';
    users.updateRule = null;
    users.deleteRule = null;
    users.addIndex('idx_users_updated', false, 'updated', '');
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.listRule = 'id = @request.auth.id';
    users.viewRule = 'id = @request.auth.id';
    users.createRule = '';
    users.updateRule = 'id = @request.auth.id';
    users.deleteRule = 'id = @request.auth.id';
    users.removeIndex('idx_users_updated');
    app.save(users);
  },
);
