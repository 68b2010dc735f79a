/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The sync route: the sync engine's keyset pages of the caller's own records (src/hooks/sync).
// Registration only: the handler require()s its area bundle; the route is the table's
// (src/domain/api/routes.ts). In a block: every .pb.js runs in one VM, where two files' top-level
// constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.syncPage, (e) => require(`${__hooks}/lib/sync.js`).handleSyncPage(e));
}
