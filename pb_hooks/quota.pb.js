/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// GET /api/adscout/quota: SPEC §3's quota shape for the signed-in user (src/hooks/quota).
// Registration only: each handler require()s its area bundle (handlers share no globals).

routerAdd(
  'GET',
  '/api/adscout/quota',
  (e) => require(`${__hooks}/lib/quota.js`).handleQuota(e),
  $apis.requireAuth('users'),
);
