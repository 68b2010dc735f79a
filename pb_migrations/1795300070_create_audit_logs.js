/// <reference path="../pb_data/types.d.ts" />
// Account changes, written by the account routes in the same transaction as the change.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    app.save(
      new Collection({
        type: 'base',
        name: 'audit_logs',
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
          {
            type: 'select',
            name: 'action',
            values: ['email_updated', 'password_updated'],
            maxSelect: 1,
            required: true,
          },
          { type: 'json', name: 'metadata', maxSize: 10000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_audit_logs_user_created ON audit_logs (user, created)',
          'CREATE INDEX idx_audit_logs_updated ON audit_logs (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('audit_logs'));
  },
);
