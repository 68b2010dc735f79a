/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Account changes with their audit-log entry, and sign-up's rules (src/hooks/account).
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
