/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Web Push (src/hooks/push, docs/push.md): a browser's subscription saved (the endpoint checked,
// moved from whoever held it, at most 10 a user), a push queued by the save that settles a run,
// the workers woken once it committed, the workers' push routes (workers' accounts only, as the
// lease routes; the contract is src/domain/push/push-contract.ts), and the queue's upkeep.
// Registration only: each handler require()s its area bundle; the routes and collections are the
// table's (src/domain/api). In a block: every .pb.js runs in one VM, where two files' top-level
// constants would collide.

{
  const { COLLECTIONS, SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.pushKeys, (e) => require(`${__hooks}/lib/push.js`).handlePushKeys(e));
  addRoute(routes.pushClaim, (e) => require(`${__hooks}/lib/push.js`).handlePushClaim(e));
  addRoute(routes.pushSettle, (e) => require(`${__hooks}/lib/push.js`).handlePushSettle(e));
  addRoute(routes.pushRelease, (e) => require(`${__hooks}/lib/push.js`).handlePushRelease(e));

  onRecordCreateRequest(
    (e) => require(`${__hooks}/lib/push.js`).handlePushSubscriptionCreate(e),
    COLLECTIONS.pushSubscriptions,
  );

  // In the settlement's transaction: a run leaving `working` queues its push.
  onRecordUpdateExecute(
    (e) => require(`${__hooks}/lib/push.js`).queueForSettledRun(e),
    COLLECTIONS.searchRuns,
  );

  // Once that transaction committed: the workers send it at once instead of at their next poll.
  onRecordAfterUpdateSuccess((e) => {
    e.next();
    require(`${__hooks}/lib/push.js`).wakeForSettledRun(e.record);
  }, COLLECTIONS.searchRuns);
}

// Every ten minutes: pushes past their TTL go undelivered, failed ones are forgotten after 7 days.
cronAdd('adscout_push_prune', '*/10 * * * *', () => {
  require(`${__hooks}/lib/push.js`).prunePushes();
});
