/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Mail (src/hooks/mail): kept in mail_outbox when no SMTP server is configured, the superuser
// route that reads them, and the cron that prunes them. (The per-address limit of password-reset
// requests runs in the one middleware of pb_hooks/config.pb.js.) Registration only: each handler
// require()s its area bundle (handlers share no globals).

onMailerSend((e) => require(`${__hooks}/lib/mail.js`).captureMail(e));

routerAdd(
  'GET',
  '/api/adscout/local/outbox',
  (e) => require(`${__hooks}/lib/mail.js`).handleOutbox(e),
  $apis.requireSuperuserAuth(),
);

// Every hour: kept mails older than 14 days (MAIL_OUTBOX_RETENTION_DAYS) are deleted: they hold
// personal data and account links.
cronAdd('adscout_mail_outbox_prune', '41 * * * *', () => {
  require(`${__hooks}/lib/mail.js`).pruneOutbox();
});
