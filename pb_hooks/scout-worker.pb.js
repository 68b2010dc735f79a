/// <reference path="../pb_data/types.d.ts" />
// The worker routes of the lease protocol (ARCHITECTURE §5, §9). Superusers only: the scout
// worker signs in as the service superuser; users can never claim, write results or heartbeat.
// (Handlers run in isolated VMs: everything they share comes from require().)

routerAdd(
  'POST',
  '/api/adscout/worker/claim',
  (e) => {
    const lease = require(`${__hooks}/lib/lease.js`);
    return e.json(200, { run: lease.claim(lease.workerName(e)) });
  },
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/heartbeat',
  (e) => {
    const lease = require(`${__hooks}/lib/lease.js`);
    return e.json(200, lease.heartbeat(e.request.pathValue('id'), lease.workerName(e)));
  },
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/release',
  (e) => {
    const lease = require(`${__hooks}/lib/lease.js`);
    lease.release(e.request.pathValue('id'), lease.workerName(e));
    return e.noContent(204);
  },
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/results',
  (e) => {
    const lease = require(`${__hooks}/lib/lease.js`);
    const results = require(`${__hooks}/lib/results.js`);
    const body = e.requestInfo().body || {};
    return e.json(200, results.write(e.request.pathValue('id'), lease.workerName(e), body.rows));
  },
  $apis.requireSuperuserAuth(),
  $apis.bodyLimit(16 << 20),
);

routerAdd(
  'POST',
  '/api/adscout/worker/runs/{id}/finish',
  (e) => {
    const lease = require(`${__hooks}/lib/lease.js`);
    const settle = require(`${__hooks}/lib/settle.js`);
    return e.json(200, settle.finish(e.request.pathValue('id'), lease.workerName(e), e.requestInfo().body));
  },
  $apis.requireSuperuserAuth(),
);
