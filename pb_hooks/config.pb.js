/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Start-up checks and settings, public settings, and the security headers of the app's pages
// (src/hooks/config). Registration only: each handler require()s its area bundle (handlers share
// no globals).

routerAdd('GET', '/api/adscout/config', (e) => require(`${__hooks}/lib/config.js`).handleConfig(e));

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
onCollectionAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/config.js`).provisionWorkerAccount();
}, 'workers');

// CSP, Referrer-Policy, nosniff, frame-ancestors on every page of the app, the manifest's type;
// HSTS over https. The only routerUse: a JS middleware holds a pooled VM for the whole request
// (src/hooks/config/headers.ts). The same middleware first keeps the batch API to superusers,
// before its body is read (src/hooks/config/batch-access.ts).
routerUse((e) => {
  const config = require(`${__hooks}/lib/config.js`);
  config.checkBatchRequest(e);
  return config.handleSecurityHeaders(e);
});

// robots.txt and sitemap.xml of the public pages (src/domain/pages/static-files.ts), on the public origin.
routerAdd('GET', '/robots.txt', (e) => require(`${__hooks}/lib/config.js`).handleRobots(e));
routerAdd('GET', '/sitemap.xml', (e) => require(`${__hooks}/lib/config.js`).handleSitemap(e));

// The prerendered public pages (src/hooks/config/pages.ts), each at its exact path: a route per
// page, not a middleware. The handler reads the path from the request (handlers share no globals).
// Gzipped, like the hashed build files below: a phone on a slow network waits for every byte, and
// text shrinks about 3×. $apis.gzip and $apis.static are Go: they hold no JS VM.
for (const route of require(`${__hooks}/lib/config.js`).prerenderedRoutes()) {
  routerAdd('GET', route, (e) => require(`${__hooks}/lib/config.js`).handlePrerenderedPage(e), $apis.gzip());
}
routerAdd(
  'GET',
  '/assets/{path...}',
  $apis.static($os.dirFS(require(`${__hooks}/lib/config.js`).assetsDir()), false),
  $apis.gzip(),
);
