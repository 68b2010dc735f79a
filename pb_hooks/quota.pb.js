/// <reference path="../pb_data/types.d.ts" />
// GET /api/adscout/quota: SPEC §3's quota shape for the signed-in user, from ledger sums.
routerAdd(
  'GET',
  '/api/adscout/quota',
  (e) => {
    const quota = require(`${__hooks}/lib/quota.js`);
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, quota.quotaFor($app, e.auth.id, new Date()).quota);
  },
  $apis.requireAuth('users'),
);
