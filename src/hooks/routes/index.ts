/**
 * The routes area (pb_hooks/*.pb.js): registers a route of the table, src/domain/api/routes.ts,
 * with what its entry says — the method, the path, who may call it, its body limit, compression —
 * so a .pb.js file gives only the handler. It runs while the .pb.js files load (routerAdd exists
 * only then); PocketBase copies the handler into each pooled VM by its source, so the handler
 * require()s what it uses.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { ServerRoute } from '../../domain/api/routes.ts';

/** The middlewares of a route's entry, in order: its caller, its body limit, compression. */
export function routeMiddlewares(route: ServerRoute): hook.Handler<core.RequestEvent | undefined>[] {
  const middlewares: hook.Handler<core.RequestEvent | undefined>[] = [];
  if (route.auth === 'users') middlewares.push($apis.requireAuth(COLLECTIONS.users));
  if (route.auth === 'workers') middlewares.push($apis.requireAuth(COLLECTIONS.workers));
  if (route.auth === 'superusers') middlewares.push($apis.requireSuperuserAuth());
  if (route.bodyLimit !== undefined) middlewares.push($apis.bodyLimit(route.bodyLimit));
  if (route.gzip) middlewares.push($apis.gzip());
  return middlewares;
}

/** routerAdd of one entry of the table, answered by `handler`. */
export function addRoute(route: ServerRoute, handler: (e: core.RequestEvent) => void): void {
  // routerAdd's declaration leaves out the Go middlewares $apis makes, which it takes as well
  const middlewares = routeMiddlewares(route) as unknown as Middleware[];
  routerAdd(route.method, route.path, handler, ...middlewares);
}
