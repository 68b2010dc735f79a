/**
 * The worker's session with its account: signing in, and keeping the session alive.
 * Signing in waits for a PocketBase that is still starting (no answer, 5xx) with a bounded number
 * of attempts, and for the sign-in rate limit (a 429: PocketBase allows 10 password sign-ins per
 * 10 s per address, and every worker on a machine shares its address) for as long as
 * `limitedForMs`, because that refusal always passes.
 */
import { messageOf } from '../domain/text/error-message.ts';

export interface SignInOptions {
  attempts?: number;
  limitedForMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

function status(error: unknown): number {
  return (error as { status?: number })?.status ?? 0;
}

export async function signInWithRetries(
  authenticate: () => Promise<unknown>,
  {
    attempts = 10,
    limitedForMs = 60_000,
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
    now = Date.now,
  }: SignInOptions = {},
): Promise<void> {
  const limitedUntil = now() + limitedForMs;
  let failures = 0;
  for (;;) {
    try {
      await authenticate();
      return;
    } catch (error) {
      if (status(error) === 429) {
        if (now() >= limitedUntil) throw error;
        // the limiter's window is 10 s: come back within it, spread out so the workers take turns
        await sleep(1_000 + Math.random() * 2_000);
        continue;
      }
      failures += 1;
      if (failures >= attempts) throw error;
      await sleep(200 * failures);
    }
  }
}

export interface SessionKeeperOptions {
  /** When the current session ends (ms since the epoch). */
  expiresAt(): number;
  /** Renews the session (a token refresh, or signing in again). */
  renew(): Promise<void>;
  log(message: string): void;
  /** Renew this long before the end. */
  aheadMs?: number;
  checkEveryMs?: number;
  now?: () => number;
}

/**
 * Keeps the worker's session alive, one renewal at a time. Every run in progress shares the one
 * client, and the SDK's own auto-refresh would renew once per request in flight at that moment:
 * a burst against the rate-limited sign-in routes.
 */
export function keepSession({
  expiresAt,
  renew,
  log,
  aheadMs = 30 * 60_000,
  checkEveryMs = 60_000,
  now = Date.now,
}: SessionKeeperOptions): { check(): Promise<void>; stop(): void } {
  let renewing: Promise<void> | null = null;
  const check = () => {
    if (renewing || expiresAt() - now() > aheadMs) return renewing ?? Promise.resolve();
    renewing = renew()
      .catch((error: unknown) =>
        log(`could not renew the session (trying again in a minute): ${messageOf(error)}`),
      )
      .finally(() => (renewing = null));
    return renewing;
  };
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
