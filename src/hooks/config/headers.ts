/**
 * The security headers of every page of the app (routerUse in pb_hooks/config.pb.js): the
 * landing page, /app/* through the SPA fallback, and the static files PocketBase serves from the
 * built PWA. PocketBase's admin UI (/_/) and the API (/api/, whose HTML pages set their own
 * stricter policy) are left alone. HSTS goes out on every response that came over HTTPS. And how
 * long browsers keep the app's files: hashed /assets/* for a year, the pages and the service
 * worker never without asking again (src/domain/public-pages.ts).
 */
import {
  contentSecurityPolicy,
  isAppPath,
  PAGE_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '../../domain/security-headers.ts';
import { cacheControlFor } from '../../domain/public-pages.ts';
import { env, requestScheme } from './env.ts';

export function handleSecurityHeaders(e: core.RequestEvent): void {
  const header = e.response.header();
  if (requestScheme(e) === 'https') header.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  if (isAppPath(e.request!.url!.path)) {
    header.set('Content-Security-Policy', contentSecurityPolicy(env('DEMO_VIDEO_URL')));
    for (const name of Object.keys(PAGE_HEADERS)) header.set(name, PAGE_HEADERS[name]!);
    const method = e.request!.method;
    const cache = method === 'GET' || method === 'HEAD' ? cacheControlFor(e.request!.url!.path) : null;
    if (cache) header.set('Cache-Control', cache);
  }
  return e.next();
}
