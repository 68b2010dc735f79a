/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The worker routes of the lease protocol (docs/pipeline.md#claiming-a-run-leases,
// docs/routes.md#the-worker-routes; the contract is src/domain/runs/lease-contract.ts). Superusers only: the
// scout worker signs in as the service superuser; users can never claim, write results or heartbeat.
// Registration only: each handler require()s its area bundle (handlers share no globals).

routerAdd(
  'POST',
  '/api/adscout/worker/claim',
  (e) => require(`${__hooks}/lib/runs.js`).handleClaim(e),
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/heartbeat',
  (e) => require(`${__hooks}/lib/runs.js`).handleHeartbeat(e),
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/release',
  (e) => require(`${__hooks}/lib/runs.js`).handleRelease(e),
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/results',
  (e) => require(`${__hooks}/lib/results.js`).handleResults(e),
  $apis.requireSuperuserAuth(),
  $apis.bodyLimit(16 << 20),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/finish',
  (e) => require(`${__hooks}/lib/runs.js`).handleFinish(e),
  $apis.requireSuperuserAuth(),
);
