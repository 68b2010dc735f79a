/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The morning report (src/hooks/reports, docs/reports.md): the worker routes that read a report's
// rows and store it (the contract is src/domain/reports/report-contract.ts; workers' accounts
// only, as the lease routes), the owner's updates of `read_at`, and the cron that deletes old
// reports. A watch run's settlement queues its report (src/hooks/runs/leases.ts). Registration
// only: each handler require()s its area bundle; the routes and their caller are the table's
// (src/domain/api/routes.ts). In a block: every .pb.js runs in one VM, where two files' top-level
// constants would collide.

{
  const { COLLECTIONS, SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.reportClaim, (e) => require(`${__hooks}/lib/reports.js`).handleReportClaim(e));
  addRoute(routes.reportRows, (e) => require(`${__hooks}/lib/reports.js`).handleReportRows(e));
  addRoute(routes.reportStore, (e) => require(`${__hooks}/lib/reports.js`).handleReportStore(e));
  addRoute(routes.reportFail, (e) => require(`${__hooks}/lib/reports.js`).handleReportFail(e));
  addRoute(routes.reportRelease, (e) => require(`${__hooks}/lib/reports.js`).handleReportRelease(e));

  // A user may change a report's read_at alone: any other field is a 400 naming it.
  onRecordUpdateRequest(
    (e) => require(`${__hooks}/lib/reports.js`).handleReportUpdate(e),
    COLLECTIONS.reports,
  );
}

// Every hour: reports older than 180 days (REPORT_RETENTION_DAYS) are deleted.
cronAdd('adscout_reports_prune', '23 * * * *', () => {
  require(`${__hooks}/lib/reports.js`).pruneReports();
});
