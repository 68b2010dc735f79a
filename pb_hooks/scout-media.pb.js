/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The creative archive's worker routes (docs/creatives.md, docs/routes.md#the-archive-routes; the
// contract is src/domain/media/media-contract.ts). Workers' accounts only, as the lease routes
// (pb_hooks/scout-worker.pb.js). The upload route has its own body limit in the table: a video up
// to MEDIA_VIDEO_MAX_MB's ceiling, its poster and the form (CREATIVE_UPLOAD_MAX_BYTES), past
// PocketBase's default. Registration only: each handler require()s its area bundle; the routes,
// their caller and limits are the table's (src/domain/api/routes.ts). In a block: every .pb.js
// runs in one VM, where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.mediaClaim, (e) => require(`${__hooks}/lib/media.js`).handleMediaClaim(e));
  addRoute(routes.mediaKnown, (e) => require(`${__hooks}/lib/media.js`).handleMediaKnown(e));
  addRoute(routes.mediaCreative, (e) => require(`${__hooks}/lib/media.js`).handleMediaCreative(e));
  addRoute(routes.mediaFail, (e) => require(`${__hooks}/lib/media.js`).handleMediaFail(e));
  addRoute(routes.mediaRelease, (e) => require(`${__hooks}/lib/media.js`).handleMediaRelease(e));
}
