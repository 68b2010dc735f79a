/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Briefs (src/hooks/briefs; docs/ai.md#briefs): a brief from the operator's model, and whether
// briefs are on with how many are left. Registration only: each handler require()s its area
// bundle. In a block: every .pb.js runs in one VM, where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.briefs, (e) => require(`${__hooks}/lib/briefs.js`).handleBriefCreate(e));
  addRoute(routes.briefsStatus, (e) => require(`${__hooks}/lib/briefs.js`).handleBriefsStatus(e));
}
