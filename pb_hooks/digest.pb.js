/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Report mail (src/hooks/digest, docs/reports.md#email): the owner's report settings, checked
// with a 400 naming the field, with the next digest time the server computes; a user's first
// watch gives them the default settings; the one-click unsubscribe routes and the mails'
// placeholder image (public: the signed token is the capability). Registration only: each
// handler require()s its area bundle (handlers share no globals); the routes are the table's
// (src/domain/api/routes.ts). In a block: every .pb.js runs in one VM, where two files' top-level
// constants would collide.

{
  const { COLLECTIONS, SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.reportUnsubscribePage, (e) => require(`${__hooks}/lib/digest.js`).handleUnsubscribePage(e));
  addRoute(routes.reportUnsubscribe, (e) => require(`${__hooks}/lib/digest.js`).handleUnsubscribe(e));
  addRoute(routes.reportMailPlaceholder, (e) => require(`${__hooks}/lib/digest.js`).handlePlaceholder(e));

  onRecordCreateRequest(
    (e) => require(`${__hooks}/lib/digest.js`).handleReportSettingsCreate(e),
    COLLECTIONS.reportSettings,
  );
  onRecordUpdateRequest(
    (e) => require(`${__hooks}/lib/digest.js`).handleReportSettingsUpdate(e),
    COLLECTIONS.reportSettings,
  );
  onRecordAfterCreateSuccess(
    (e) => require(`${__hooks}/lib/digest.js`).handleWatchCreated(e),
    COLLECTIONS.watches,
  );
}

// Every minute: due digest periods close (a mail when there is news), and due report mails are
// sent, each claimed in a transaction (one per period, retried with the same Message-ID).
cronAdd('adscout_report_digest', '* * * * *', () => {
  require(`${__hooks}/lib/digest.js`).runReportMails();
});
