/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Start-up checks and settings, the service accounts and the public config route
// (src/hooks/config). Registration only: each handler require()s its area bundle (handlers share
// no globals); the route and the collection are the table's (src/domain/api). In a block: every
// .pb.js runs in one VM, where two files' top-level constants would collide.

{
  const { COLLECTIONS, SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.config, (e) => require(`${__hooks}/lib/config.js`).handleConfig(e));

  // Refuses an unsafe configuration (billing on a public address, …) before the server listens,
  // writes the trusted proxy headers and the backup schedule into PocketBase's settings, and makes
  // the service accounts its environment names.
  onBootstrap((e) => {
    e.next();
    const config = require(`${__hooks}/lib/config.js`);
    config.startServer();
    config.provisionAccounts();
  });

  // The service accounts from the environment (src/hooks/config/accounts.ts), never from a command
  // line: at bootstrap, and for the workers' account once more when a first start's migration has
  // just created their collection (migrations run after bootstrap).
  // PocketBase's nightly `__pbDBOptimize__` replaced: with a database replica, data.db gets
  // PRAGMA optimize only, no blocking wal_checkpoint(TRUNCATE) against Litestream
  // (src/hooks/config/replica.ts). Same id, same time: cronAdd replaces PocketBase's job.
  cronAdd('__pbDBOptimize__', '0 0 * * *', () => require(`${__hooks}/lib/config.js`).optimizeDatabases());

  // Litestream's folder beside data.db stays out of PocketBase's backups, and with a replica a
  // backup neither stalls the writers behind Litestream's read lock nor races its checkpoints
  // (src/hooks/config/replica.ts).
  onBackupCreate((e) => require(`${__hooks}/lib/config.js`).backUp(e));

  onCollectionAfterCreateSuccess((e) => {
    e.next();
    require(`${__hooks}/lib/config.js`).provisionWorkerAccount();
  }, COLLECTIONS.workers);
}
