/**
 * The one router-wide middleware of the hooks (routerUse in pb_hooks/site.pb.js): the security
 * headers of every page of the app (the landing page, /app/* through the SPA fallback, and the
 * static files PocketBase serves from the built PWA) and the web app manifest's type. PocketBase's
 * admin UI (/_/) and the API (/api/, whose HTML pages set their own stricter policy) are left
 * alone. HSTS goes out on every response that came over HTTPS. And how long browsers keep the
 * app's files: hashed /assets/* for a year, the pages and the service worker never without asking
 * again (src/domain/pages/static-files.ts).
 *
 * A write that found the database locked answers 503 (database-busy.ts).
 *
 * One middleware, not one per concern: a JS middleware keeps its pooled JS VM for the whole
 * request (it calls e.next() from inside the VM), so every routerUse adds a VM to every request,
 * API calls included, and a request that finds the pool busy runs in a new VM that evaluates the
 * hooks bundles again.
 */
import { cacheControlFor } from '../../domain/pages/static-files.ts';
import { env, requestScheme } from '../config/index.ts';
import { retryWhenBusy } from './database-busy.ts';
import {
  contentSecurityPolicy,
  isAppPath,
  PAGE_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.ts';

const MANIFEST_TYPE = 'application/manifest+json';

export function handleResponseHeaders(e: core.RequestEvent): void {
  retryWhenBusy(e, () => serveWithHeaders(e));
}

function serveWithHeaders(e: core.RequestEvent): void {
  const header = e.response.header();
  if (requestScheme(e) === 'https') header.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  const path = e.request!.url!.path;
  if (isAppPath(path)) {
    header.set('Content-Security-Policy', contentSecurityPolicy(env('DEMO_VIDEO_URL')));
    for (const name of Object.keys(PAGE_HEADERS)) header.set(name, PAGE_HEADERS[name]!);
    const method = e.request!.method;
    if (method === 'GET' || method === 'HEAD') {
      // Go's MIME table has no entry for .webmanifest, so the built PWA's manifest would go out
      // as text/plain; installability checks want its own type.
      if (path.endsWith('.webmanifest')) header.set('Content-Type', MANIFEST_TYPE);
      const cache = cacheControlFor(path);
      if (cache) {
        header.set('Cache-Control', cache);
        // A file that is not there (an asset of a deploy still being copied) is an error that
        // PocketBase writes after this returns: it must not be kept for a year.
        try {
          return e.next();
        } catch (error) {
          header.set('Cache-Control', 'no-store');
          throw error;
        }
      }
    }
  }
  return e.next();
}
