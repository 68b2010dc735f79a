/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Watches (src/hooks/watches): the owner's creates and updates (form rules, subscription, at most
// 20), and the scheduler that starts due watches as runs through the run guard.
// Registration only: each handler require()s its area bundle (handlers share no globals).

onRecordCreateRequest((e) => require(`${__hooks}/lib/watches.js`).handleWatchCreate(e), 'watches');
onRecordUpdateRequest((e) => require(`${__hooks}/lib/watches.js`).handleWatchUpdate(e), 'watches');

// Every minute: due, active watches start as runs (at most 50 a tick, oldest due first, one a user;
// users with a working run wait for it to end).
cronAdd('adscout_watch_scheduler', '* * * * *', () => {
  require(`${__hooks}/lib/watches.js`).runDueWatches();
});
