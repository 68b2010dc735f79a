/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The quota route: the quota shape of docs/product.md#entities-and-fields for the signed-in user
// (src/hooks/quota). Registration only: each handler require()s its area bundle (handlers share
// no globals); the route, its caller and limits are the table's (src/domain/api/routes.ts).
// In a block: every .pb.js runs in one VM, where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.quota, (e) => require(`${__hooks}/lib/quota.js`).handleQuota(e));
}
