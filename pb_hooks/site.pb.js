/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The site (src/hooks/site): the prerendered public pages and the app shell, the shared board's
// page, robots.txt and sitemap.xml, the build's hashed files, and the headers of every page of the
// app.
// Registration only: each handler require()s its area bundle (handlers share no globals); the
// routes are the table's (src/domain/api/routes.ts). In a block: every .pb.js runs in one VM,
// where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes, pageServerRoutes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  // CSP, Referrer-Policy, nosniff, frame-ancestors on every page of the app, the manifest's type;
  // HSTS over https. The only routerUse: a JS middleware holds a pooled VM for the whole request
  // (src/hooks/site/response-headers.ts). The same middleware first keeps the batch API to
  // superusers, before its body is read (src/hooks/config/batch-access.ts).
  // The same middleware answers GET /api/health to a superuser with the database replica's lag
  // (src/hooks/config/replica.ts): PocketBase's own route cannot be bound twice.
  routerUse((e) => {
    const config = require(`${__hooks}/lib/config.js`);
    if (config.answerHealthWithReplica(e)) return;
    config.checkBatchRequest(e);
    return require(`${__hooks}/lib/site.js`).handleResponseHeaders(e);
  });

  // robots.txt and sitemap.xml of the public pages (src/domain/pages/static-files.ts), on the public origin.
  addRoute(routes.robots, (e) => require(`${__hooks}/lib/site.js`).handleRobots(e));
  addRoute(routes.sitemap, (e) => require(`${__hooks}/lib/site.js`).handleSitemap(e));

  // The prerendered public pages (src/hooks/site/pages.ts), each at its exact path: a route per
  // page, not a middleware. The handler reads the path from the request (handlers share no globals).
  // Gzipped, like the hashed build files below: a phone on a slow network waits for every byte, and
  // text shrinks about 3×. $apis.gzip and $apis.static are Go: they hold no JS VM.
  for (const page of pageServerRoutes()) {
    addRoute(page, (e) => require(`${__hooks}/lib/site.js`).handlePrerenderedPage(e));
  }
  // The shared board's page (src/hooks/site/pages.ts): share.html for every token, noindex, gzipped.
  addRoute(routes.sharedBoardPage, (e) => require(`${__hooks}/lib/site.js`).handleSharedBoardPage(e));
  addRoute(routes.assets, $apis.static($os.dirFS(require(`${__hooks}/lib/site.js`).assetsDir()), false));
}
