/// <reference path="../pb_data/types.d.ts" />
// Account changes need the current password
// (docs/invariants.md#invariant-12-account-changes-need-the-current-password): a refused attempt (missing or
// wrong current password, e.g. someone holding a stolen session) is audit-logged too.
const REFUSED = ['email_update_refused', 'password_update_refused'];

migrate(
  (app) => {
    const logs = app.findCollectionByNameOrId('audit_logs');
    logs.fields.getByName('action').values = ['email_updated', 'password_updated', ...REFUSED];
    app.save(logs);
  },
  (app) => {
    // the entries would no longer be valid records
    for (const action of REFUSED) {
      app.db().newQuery('DELETE FROM audit_logs WHERE action = {:action}').bind({ action: action }).execute();
    }
    const logs = app.findCollectionByNameOrId('audit_logs');
    logs.fields.getByName('action').values = ['email_updated', 'password_updated'];
    app.save(logs);
  },
);
