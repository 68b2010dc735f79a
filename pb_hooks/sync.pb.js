/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// GET /api/adscout/sync/{collection}: the sync engine's keyset pages of the caller's own records
// (src/hooks/sync). Registration only: the handler require()s its area bundle.

routerAdd(
  'GET',
  '/api/adscout/sync/{collection}',
  (e) => require(`${__hooks}/lib/sync.js`).handleSyncPage(e),
  $apis.requireAuth('users'),
);
