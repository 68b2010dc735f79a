/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Account changes with their audit-log entry, sign-up's rules, emails stored case-folded, the
// audit entries of PocketBase's own confirmations, deleting the account and downloading its data
// (src/hooks/account).
// Registration only: each handler require()s its area bundle (handlers share no globals).

routerAdd(
  'POST',
  '/api/adscout/account/email',
  (e) => require(`${__hooks}/lib/account.js`).handleChangeEmail(e),
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/adscout/account/password',
  (e) => require(`${__hooks}/lib/account.js`).handleChangePassword(e),
  $apis.requireAuth('users'),
);

onRecordCreateRequest((e) => require(`${__hooks}/lib/account.js`).handleRegistration(e), 'users');

// One identity per email, whatever its case
// (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case): stored folded, by any path
// (sign-up, the account routes, an email-change link, the admin UI).
onRecordCreate((e) => require(`${__hooks}/lib/account.js`).storeFoldedEmail(e), 'users');
onRecordUpdate((e) => require(`${__hooks}/lib/account.js`).storeFoldedEmail(e), 'users');

routerAdd(
  'POST',
  '/api/adscout/account/delete',
  (e) => require(`${__hooks}/lib/account.js`).handleDeleteAccount(e),
  $apis.requireAuth('users'),
);

routerAdd(
  'GET',
  '/api/adscout/account/export',
  (e) => require(`${__hooks}/lib/account.js`).handleExportAccount(e),
  $apis.requireAuth('users'),
);

// PocketBase's own confirmation routes change the account too: audit them
// (docs/invariants.md#invariant-12-account-changes-need-the-current-password).
onRecordConfirmPasswordResetRequest(
  (e) => require(`${__hooks}/lib/account.js`).auditPasswordReset(e),
  'users',
);
onRecordConfirmEmailChangeRequest((e) => require(`${__hooks}/lib/account.js`).auditEmailChange(e), 'users');
