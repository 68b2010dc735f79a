/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// GET /api/adscout/quota: the quota shape of docs/product.md#entities-and-fields for the signed-in user
// (src/hooks/quota). Registration only: each handler require()s its area bundle (handlers share no globals).

routerAdd(
  'GET',
  '/api/adscout/quota',
  (e) => require(`${__hooks}/lib/quota.js`).handleQuota(e),
  $apis.requireAuth('users'),
);
