/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The creative archive's worker routes (docs/creatives.md, docs/routes.md#the-archive-routes; the
// contract is src/domain/media/media-contract.ts). Workers' accounts only, as the lease routes
// (pb_hooks/scout-worker.pb.js). The upload route has its own body limit: a video up to
// MEDIA_VIDEO_MAX_MB's ceiling, its poster and the form (CREATIVE_UPLOAD_MAX_BYTES), past
// PocketBase's default. Registration only: each handler require()s its area bundle.

routerAdd(
  'POST',
  '/api/adscout/worker/media/claim',
  (e) => require(`${__hooks}/lib/media.js`).handleMediaClaim(e),
  $apis.requireAuth('workers'),
);

routerAdd(
  'POST',
  '/api/adscout/worker/media/{id}/known',
  (e) => require(`${__hooks}/lib/media.js`).handleMediaKnown(e),
  $apis.requireAuth('workers'),
);

routerAdd(
  'POST',
  '/api/adscout/worker/media/{id}/creative',
  (e) => require(`${__hooks}/lib/media.js`).handleMediaCreative(e),
  $apis.requireAuth('workers'),
  $apis.bodyLimit(require(`${__hooks}/lib/media.js`).creativeUploadMaxBytes),
);

routerAdd(
  'POST',
  '/api/adscout/worker/media/{id}/fail',
  (e) => require(`${__hooks}/lib/media.js`).handleMediaFail(e),
  $apis.requireAuth('workers'),
);

routerAdd(
  'POST',
  '/api/adscout/worker/media/{id}/release',
  (e) => require(`${__hooks}/lib/media.js`).handleMediaRelease(e),
  $apis.requireAuth('workers'),
);
