/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The worker routes of the lease protocol (docs/pipeline.md#claiming-a-run-leases,
// docs/routes.md#the-worker-routes; the contract is src/domain/runs/lease-contract.ts). Workers'
// accounts only (the `workers` auth collection, pb_migrations/1795300790_create_workers.js): users
// and superusers can never claim, write results or heartbeat, and a worker's account can do
// nothing but this. Registration only: each handler require()s its area bundle (handlers share
// no globals); the routes, their caller and the results' body limit are the table's
// (src/domain/api/routes.ts). In a block: every .pb.js runs in one VM, where two files' top-level
// constants would collide.

{
  const { COLLECTIONS, SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.workerClaim, (e) => require(`${__hooks}/lib/runs.js`).handleClaim(e));
  addRoute(routes.workerRunHeartbeat, (e) => require(`${__hooks}/lib/runs.js`).handleHeartbeat(e));
  addRoute(routes.workerRunRelease, (e) => require(`${__hooks}/lib/runs.js`).handleRelease(e));
  addRoute(routes.workerRunResults, (e) => require(`${__hooks}/lib/results.js`).handleResults(e));
  addRoute(routes.workerRunFinish, (e) => require(`${__hooks}/lib/runs.js`).handleFinish(e));

  // A run that waits to be claimed wakes the workers at once, on a realtime topic only workers may
  // subscribe to and that says nothing but "there is work" (src/hooks/runs/workers.ts).
  onRealtimeSubscribeRequest((e) => require(`${__hooks}/lib/runs.js`).handleWorkSubscription(e));
  onRecordAfterCreateSuccess((e) => {
    e.next();
    require(`${__hooks}/lib/runs.js`).wakeWorkers(e.record);
  }, COLLECTIONS.searchRuns);
  onRecordAfterUpdateSuccess((e) => {
    e.next();
    require(`${__hooks}/lib/runs.js`).wakeWorkers(e.record);
  }, COLLECTIONS.searchRuns);
}
