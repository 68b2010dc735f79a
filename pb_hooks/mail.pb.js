/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Mail (src/hooks/mail): kept in mail_outbox when no SMTP server is configured, the superuser
// route that reads them, and password-reset requests limited per email address. Registration
// only: each handler require()s its area bundle (handlers share no globals).

onMailerSend((e) => require(`${__hooks}/lib/mail.js`).captureMail(e));

routerAdd(
  'GET',
  '/api/adscout/local/outbox',
  (e) => require(`${__hooks}/lib/mail.js`).handleOutbox(e),
  $apis.requireSuperuserAuth(),
);

// every auth collection's route (by name or id): the limit must not be dodged by another path
routerUse((e) => {
  if (
    e.request.method === 'POST' &&
    /^\/api\/collections\/[^/]+\/request-password-reset\/?$/.test(e.request.url.path)
  )
    return require(`${__hooks}/lib/mail.js`).limitResetRequest(e);
  return e.next();
});
