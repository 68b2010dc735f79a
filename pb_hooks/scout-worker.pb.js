/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The worker routes of the lease protocol (docs/pipeline.md#claiming-a-run-leases,
// docs/routes.md#the-worker-routes; the contract is src/domain/runs/lease-contract.ts). Workers'
// accounts only (the `workers` auth collection, pb_migrations/1795300790_create_workers.js): users
// and superusers can never claim, write results or heartbeat, and a worker's account can do
// nothing but this. Registration only: each handler require()s its area bundle (handlers share
// no globals).

routerAdd(
  'POST',
  '/api/adscout/worker/claim',
  (e) => require(`${__hooks}/lib/runs.js`).handleClaim(e),
  $apis.requireAuth('workers'),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/heartbeat',
  (e) => require(`${__hooks}/lib/runs.js`).handleHeartbeat(e),
  $apis.requireAuth('workers'),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/release',
  (e) => require(`${__hooks}/lib/runs.js`).handleRelease(e),
  $apis.requireAuth('workers'),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/results',
  (e) => require(`${__hooks}/lib/results.js`).handleResults(e),
  $apis.requireAuth('workers'),
  $apis.bodyLimit(16 << 20),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/finish',
  (e) => require(`${__hooks}/lib/runs.js`).handleFinish(e),
  $apis.requireAuth('workers'),
);

// A run that waits to be claimed wakes the workers at once, on a realtime topic only workers may
// subscribe to and that says nothing but "there is work" (src/hooks/runs/workers.ts).
onRealtimeSubscribeRequest((e) => require(`${__hooks}/lib/runs.js`).handleWorkSubscription(e));
onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/runs.js`).wakeWorkers(e.record);
}, 'search_runs');
onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/runs.js`).wakeWorkers(e.record);
}, 'search_runs');
