/**
 * PocketBase's batch API (/api/batch) for superusers only (tests and benchmarks seed data through
 * it; the app and the worker never use it): one request holds SQLite's single writer for up to 500
 * operations, 16 MiB and 10 s (pb_migrations/1795300080_update_settings.js), which no user needs.
 * Checked in the router-wide middleware (pb_hooks/site.pb.js), after PocketBase loaded the auth
 * token and before the batch handler reads the body; PocketBase's own onBatchRequest would fire
 * only after the body is parsed.
 */

export const BATCH_REFUSED_MESSAGE = 'The batch API is for superusers only.';

/**
 * Refuses a batch request from anyone but a superuser: 401 without a session, 403 with a user's.
 * Other requests pass. The path is the decoded one the router matches (`/api/%62atch` too).
 */
export function checkBatchRequest(e: core.RequestEvent): void {
  const path = e.request!.url!.path;
  if (path !== '/api/batch' && path !== '/api/batch/') return;
  if (e.hasSuperuserAuth()) return;
  if (!e.auth) throw new UnauthorizedError(BATCH_REFUSED_MESSAGE);
  throw new ForbiddenError(BATCH_REFUSED_MESSAGE);
}
