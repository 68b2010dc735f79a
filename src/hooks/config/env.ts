/**
 * The one reader of server settings from the environment (docs/configuration.md), and what the request
 * says about where it came from. Every value is optional: callers fall back to src/domain defaults.
 */
import { trustedProxyHeaders } from './server-settings.ts';

/** A setting, trimmed; '' when it is unset. */
export function env(name: string): string {
  const value = $os.getenv(name);
  return value ? String(value).trim() : '';
}

/** A positive number setting (SCOUT_LEASE_SECONDS, …); `fallback` when unset or invalid. */
export function positiveEnv(name: string, fallback: number): number {
  const value = Number(env(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** APP_URL without trailing slashes ('' when unset): where the browser is sent back to. */
export function appUrl(): string {
  return env('APP_URL').replace(/\/+$/, '');
}

/** True when a reverse proxy in front of the server is trusted (TRUSTED_PROXY_HEADERS is set). */
export function behindTrustedProxy(): boolean {
  return trustedProxyHeaders(env('TRUSTED_PROXY_HEADERS')).headers.length > 0;
}

/**
 * The scheme the browser used: https when PocketBase terminated TLS itself, or when a trusted
 * proxy says so in X-Forwarded-Proto. Without TRUSTED_PROXY_HEADERS anyone could send that header.
 */
export function requestScheme(e: core.RequestEvent): 'http' | 'https' {
  if (e.isTLS()) return 'https';
  if (!behindTrustedProxy()) return 'http';
  // the proxy appends its own value last ("https" or "http, https")
  const forwarded = String(e.request!.header.get('X-Forwarded-Proto') || '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return forwarded[forwarded.length - 1] === 'https' ? 'https' : 'http';
}

/**
 * The public origin of the app: APP_URL when it is set, else the address the request came to.
 * Only a server nobody else can reach starts without APP_URL (public-origin.ts), so the Host
 * header is read on loopback alone; X-Forwarded-Host never.
 */
export function origin(e: core.RequestEvent): string {
  if (env('APP_URL')) return appUrl();
  return `${requestScheme(e)}://${e.request!.host}`;
}
