/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Report mail (src/hooks/digest, docs/reports.md#email): the owner's report settings, checked
// with a 400 naming the field, with the next digest time the server computes; a user's first
// watch gives them the default settings. Registration only: each handler require()s its area
// bundle (handlers share no globals). In a block: every .pb.js runs in one VM, where two files'
// top-level constants would collide.

{
  const { COLLECTIONS } = require(`${__hooks}/lib/domain.js`);

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
