/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Watches (src/hooks/watches): the owner's creates and updates (form rules, subscription, at most
// 20), and the scheduler that starts due watches as runs through the run guard.
// Registration only: each handler require()s its area bundle (handlers share no globals). In a
// block: every .pb.js runs in one VM, where two files' top-level constants would collide.

{
  const { COLLECTIONS } = require(`${__hooks}/lib/domain.js`);

  onRecordCreateRequest(
    (e) => require(`${__hooks}/lib/watches.js`).handleWatchCreate(e),
    COLLECTIONS.watches,
  );
  onRecordUpdateRequest(
    (e) => require(`${__hooks}/lib/watches.js`).handleWatchUpdate(e),
    COLLECTIONS.watches,
  );
}

// Every minute: due, active watches start as runs (at most 50 a tick, oldest due first, one a user;
// users with a working run wait for it to end).
cronAdd('adscout_watch_scheduler', '* * * * *', () => {
  require(`${__hooks}/lib/watches.js`).runDueWatches();
});
