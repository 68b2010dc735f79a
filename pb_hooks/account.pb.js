/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Account changes with their audit-log entry, sign-up's rules, emails stored case-folded, the
// audit entries of PocketBase's own confirmations, deleting the account and downloading its data
// (src/hooks/account).
// Registration only: each handler require()s its area bundle (handlers share no globals); routes
// and collections are the table's (src/domain/api). In a block: every .pb.js runs in one VM,
// where two files' top-level constants would collide.

{
  const { COLLECTIONS, SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.accountEmail, (e) => require(`${__hooks}/lib/account.js`).handleChangeEmail(e));
  addRoute(routes.accountPassword, (e) => require(`${__hooks}/lib/account.js`).handleChangePassword(e));
  addRoute(routes.accountDelete, (e) => require(`${__hooks}/lib/account.js`).handleDeleteAccount(e));
  addRoute(routes.accountExport, (e) => require(`${__hooks}/lib/account.js`).handleExportAccount(e));

  onRecordCreateRequest((e) => require(`${__hooks}/lib/account.js`).handleRegistration(e), COLLECTIONS.users);

  // One identity per email, whatever its case
  // (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case): stored folded, by any path
  // (sign-up, the account routes, an email-change link, the admin UI).
  onRecordCreate((e) => require(`${__hooks}/lib/account.js`).storeFoldedEmail(e), COLLECTIONS.users);
  onRecordUpdate((e) => require(`${__hooks}/lib/account.js`).storeFoldedEmail(e), COLLECTIONS.users);

  // PocketBase's own confirmation routes change the account too: audit them
  // (docs/invariants.md#invariant-12-account-changes-need-the-current-password).
  onRecordConfirmPasswordResetRequest(
    (e) => require(`${__hooks}/lib/account.js`).auditPasswordReset(e),
    COLLECTIONS.users,
  );
  onRecordConfirmEmailChangeRequest(
    (e) => require(`${__hooks}/lib/account.js`).auditEmailChange(e),
    COLLECTIONS.users,
  );
}
