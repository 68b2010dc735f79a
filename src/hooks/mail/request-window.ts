/**
 * A sliding-window limit over the times of earlier requests (docs/accounts.md#forgot-password: password-reset
 * mails per address). Pure: the hooks keep the times in PocketBase's app store.
 */
export interface WindowDecision {
  allowed: boolean;
  /** The times to keep: those still inside the window, plus `now` when allowed. */
  times: number[];
  /** Seconds until the oldest counted request leaves the window (0 when allowed). */
  retryAfterSeconds: number;
}

export function admitRequest(
  earlier: readonly number[],
  now: number,
  limit: { maxRequests: number; windowMs: number },
): WindowDecision {
  const inside = earlier.filter((time) => time > now - limit.windowMs && time <= now).sort((a, b) => a - b);
  if (inside.length >= limit.maxRequests) {
    const oldest = inside[inside.length - limit.maxRequests] ?? now;
    return {
      allowed: false,
      times: inside,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000)),
    };
  }
  return { allowed: true, times: [...inside, now], retryAfterSeconds: 0 };
}
