/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The tag backfill's worker routes (docs/ai.md#the-backfill, docs/routes.md#the-tag-routes; the
// contract is src/domain/tags/backfill-contract.ts). Workers' accounts only, as the lease routes
// (pb_hooks/scout-worker.pb.js): rows stored before tags are tagged by a worker, where the language
// detector runs. Registration only: each handler require()s its area bundle; the routes and their
// caller are the table's (src/domain/api/routes.ts). In a block: every .pb.js runs in one VM,
// where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.tagsClaim, (e) => require(`${__hooks}/lib/tags.js`).handleTagsClaim(e));
  addRoute(routes.tagsStore, (e) => require(`${__hooks}/lib/tags.js`).handleTagsStore(e));
}
