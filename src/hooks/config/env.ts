/**
 * The one reader of server settings from the environment (ARCHITECTURE §8), and the public
 * origin derived from them. Every value is optional: callers fall back to src/domain defaults.
 */

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

/** The public origin of the app: APP_URL when it is set, else the address the request came to. */
export function origin(e: core.RequestEvent): string {
  if (env('APP_URL')) return appUrl();
  const proto = (e.requestInfo().headers || {}).x_forwarded_proto || 'http';
  return `${proto}://${e.request!.host}`;
}
