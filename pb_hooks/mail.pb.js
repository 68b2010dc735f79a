/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Mail (src/hooks/mail): kept in mail_outbox when no SMTP server is configured, the superuser
// route that reads them, the cron that prunes them, and the per-account limit of password-reset
// mails. Registration only: each handler require()s its area bundle (handlers share no globals);
// the route is the table's (src/domain/api/routes.ts). In a block: every .pb.js runs in one VM,
// where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.localOutbox, (e) => require(`${__hooks}/lib/mail.js`).handleOutbox(e));
}

onMailerSend((e) => require(`${__hooks}/lib/mail.js`).captureMail(e));

// Every auth collection's reset request that PocketBase accepted for an existing account (this
// hook fires for no other) counts against that account; over the limit: 204 and no mail.
onRecordRequestPasswordResetRequest((e) => require(`${__hooks}/lib/mail.js`).limitResetRequest(e));

// Every ten minutes: the reset counts whose window has passed are forgotten.
cronAdd('adscout_reset_counts_prune', '*/10 * * * *', () => {
  require(`${__hooks}/lib/mail.js`).pruneResetCounts();
});

// Every hour: kept mails older than 14 days (MAIL_OUTBOX_RETENTION_DAYS) are deleted: they hold
// personal data and account links.
cronAdd('adscout_mail_outbox_prune', '41 * * * *', () => {
  require(`${__hooks}/lib/mail.js`).pruneOutbox();
});
