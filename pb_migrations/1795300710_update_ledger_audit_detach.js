/// <reference path="../pb_data/types.d.ts" />
// Deleting an account keeps what billing law requires (docs/accounts.md#deleting-an-account): ledger entries
// stay, detached from the deleted user (`usage_ledger.user` optional, no cascade: PocketBase clears it), and
// one `account_deleted` audit entry with no user, holding a hash of the email. The user's other audit
// entries still go with the account (cascade). New actions: a reset by email, an email change
// asked for and confirmed by link, a refused deletion, the deletion itself.
const ADDED_ACTIONS = [
  'password_reset',
  'email_change_requested',
  'account_delete_refused',
  'account_deleted',
];
const BEFORE_ACTIONS = [
  'email_updated',
  'password_updated',
  'email_update_refused',
  'password_update_refused',
];

migrate(
  (app) => {
    const ledger = app.findCollectionByNameOrId('usage_ledger');
    const ledgerUser = ledger.fields.getByName('user');
    ledgerUser.required = false;
    ledgerUser.cascadeDelete = false;
    app.save(ledger);

    const logs = app.findCollectionByNameOrId('audit_logs');
    const logUser = logs.fields.getByName('user');
    logUser.required = false;
    logs.fields.getByName('action').values = [...BEFORE_ACTIONS, ...ADDED_ACTIONS];
    app.save(logs);
  },
  (app) => {
    // detached rows would no longer be valid records
    app.db().newQuery("DELETE FROM usage_ledger WHERE user = ''").execute();
    app.db().newQuery("DELETE FROM audit_logs WHERE user = ''").execute();
    for (const action of ADDED_ACTIONS) {
      app.db().newQuery('DELETE FROM audit_logs WHERE action = {:action}').bind({ action: action }).execute();
    }
    const ledger = app.findCollectionByNameOrId('usage_ledger');
    const ledgerUser = ledger.fields.getByName('user');
    ledgerUser.required = true;
    ledgerUser.cascadeDelete = true;
    app.save(ledger);

    const logs = app.findCollectionByNameOrId('audit_logs');
    logs.fields.getByName('user').required = true;
    logs.fields.getByName('action').values = BEFORE_ACTIONS;
    app.save(logs);
  },
);
