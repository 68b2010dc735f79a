/**
 * The security headers of the app's pages (docs/going-live.md#security-headers): what the browser may load
 * and where the app may be framed. The hooks send them with every page of the app that
 * PocketBase serves (the landing page, /app/* through the SPA fallback, the static files), never
 * with PocketBase's admin UI under /_/ or the API under /api/, whose pages set their own.
 */
import { parseHttpUrl } from '../../domain/text/url.ts';

/** The origin (scheme://host[:port]) of an http(s) URL, or null. */
export function httpOrigin(url: string): string | null {
  const parts = parseHttpUrl(url);
  if (!parts) return null;
  return `${parts.protocol}://${parts.host}${parts.port ? `:${parts.port}` : ''}`;
}

/**
 * The Content-Security-Policy of the app. `demoVideoUrl`: DEMO_VIDEO_URL, whose origin alone may
 * be framed (the landing page embeds it).
 */
export function contentSecurityPolicy(demoVideoUrl: string): string {
  const video = httpOrigin(demoVideoUrl.trim());
  return [
    "default-src 'self'",
    // the built app has no inline script: Vite emits module files, the PWA registers from code
    "script-src 'self'",
    // AG Grid injects its theme's styles at run time; React sets style attributes
    "style-src 'self' 'unsafe-inline'",
    // ad media comes from the ad networks' CDNs over https; AG Grid's icons are data: SVGs
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-src ${video ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** HSTS for a year, sent only on responses that came over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** The headers every page of the app gets, besides the CSP. */
export const PAGE_HEADERS: { readonly [name: string]: string } = {
  'X-Content-Type-Options': 'nosniff',
  // what links to ad pages and shops reveal: the origin, never the app's paths
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // frame-ancestors 'none' in older browsers (PocketBase's default is SAMEORIGIN)
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** True for a path the app serves (not PocketBase's API under /api/ or its admin UI under /_/). */
export function isAppPath(path: string): boolean {
  return !/^\/(api|_)(\/|$)/.test(path);
}
