/**
 * The worker's sign-in as the service superuser. It waits for a PocketBase that is still starting
 * (no answer, 5xx) with a bounded number of attempts, and for the sign-in rate limit (a 429:
 * PocketBase allows 10 password sign-ins per 10 s per address, and every worker on a machine
 * shares its address) for as long as `limitedForMs`, because that refusal always passes.
 */
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
