/// <reference path="../pb_data/types.d.ts" />
// Account changes with their audit-log entry in the same transaction (ARCHITECTURE §9).

routerAdd(
  'POST',
  '/api/adscout/account/email',
  (e) => {
    const account = require(`${__hooks}/lib/account.js`);
    return e.json(200, account.changeEmail(e.auth.id, e.requestInfo().body));
  },
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/adscout/account/password',
  (e) => {
    const account = require(`${__hooks}/lib/account.js`);
    return e.json(200, account.changePassword(e.auth.id, e.requestInfo().body));
  },
  $apis.requireAuth('users'),
);

// Sign-up keeps SPEC §5's registration rules on the server (superusers creating accounts skip them).
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/account.js`).checkRegistration(e);
  return e.next();
}, 'users');
