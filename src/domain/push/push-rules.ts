/**
 * The facts of Web Push that the hooks, the worker and the browser share (docs/push.md): how many
 * browsers a user may subscribe, the payload's size, how long a push waits to be delivered, and
 * what a push service's answer leads to — delivered, the subscription gone, another try after a
 * backoff (a bounded number of them), or failed for good. Pure, so it is tested without a server.
 */

/** Browsers (push subscriptions) one user may have; the next one is refused (PRODUCT_MESSAGES). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** The longest endpoint stored (push services' are under 300 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

/**
 * The most bytes a push's encrypted body may have: the 4 KB every push service must accept
 * (RFC 8030 section 7.2). The encryption (aes128gcm, RFC 8188) adds a header of 86 bytes, a
 * 16-byte tag and a padding delimiter, so the JSON payload may have PUSH_PAYLOAD_MAX_BYTES.
 */
export const PUSH_BODY_MAX_BYTES = 4096;
export const PUSH_PAYLOAD_MAX_BYTES = PUSH_BODY_MAX_BYTES - 86 - 16 - 1;

/** How long a push waits to be delivered (our queue, then the push service: its TTL header). */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** Sends of one push at most: the first and PUSH_RETRY_DELAYS_SECONDS.length retries. */
export const PUSH_MAX_ATTEMPTS = 5;

/** The wait before retry n (after attempt n); a push service's Retry-After may ask for longer. */
export const PUSH_RETRY_DELAYS_SECONDS = [10, 60, 300, 1800] as const;

/** The longest Retry-After followed; a longer one is cut to it. */
export const PUSH_RETRY_AFTER_MAX_SECONDS = 3600;

/** How long a claim holds a push; a worker sends within PUSH_SEND_TIMEOUT_MS of claiming it. */
export const PUSH_LEASE_SECONDS = 60;
export const PUSH_SEND_TIMEOUT_MS = 15_000;

/** Pushes one claim takes at most. */
export const PUSH_CLAIM_MAX = 32;

/** Pushes one worker process sends at once by default (PUSH_CONCURRENCY; 0 turns sending off). */
export const PUSH_CONCURRENCY_DEFAULT = 4;
export const PUSH_CONCURRENCY_MAX = 64;

/** How long a push that failed for good stays in the queue, for the operator to read why. */
export const PUSH_FAILED_KEPT_DAYS = 7;

/**
 * What a sent push's answer means: `sent` (2xx), `gone` (404, 410: the browser unsubscribed or
 * the subscription expired, so it is deleted), `retry` (429, 5xx: the service is busy or down) or
 * `failed` (any other status: the request itself is wrong, and sending it again cannot help).
 * A network error or a timeout is a `retry` too; the worker decides that without a status.
 */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

export function pushOutcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

export type RetryDecision =
  { status: 'pending'; nextAttemptMs: number } | { status: 'failed'; reason: string };

/**
 * After `attempts` sends (the one that just failed included): the next one is due
 * PUSH_RETRY_DELAYS_SECONDS[attempts - 1] from now, or the push service's Retry-After when longer
 * (at most PUSH_RETRY_AFTER_MAX_SECONDS); never after PUSH_MAX_ATTEMPTS sends, nor when it would
 * come after the push expires.
 */
export function pushRetry(
  attempts: number,
  retryAfterSeconds: number | undefined,
  nowMs: number,
  expiresMs: number,
): RetryDecision {
  if (attempts >= PUSH_MAX_ATTEMPTS) {
    return { status: 'failed', reason: `no delivery after ${PUSH_MAX_ATTEMPTS} attempts` };
  }
  const delays = PUSH_RETRY_DELAYS_SECONDS;
  const backoff = delays[Math.min(Math.max(attempts, 1), delays.length) - 1]!;
  const asked = Math.min(Math.max(0, retryAfterSeconds ?? 0), PUSH_RETRY_AFTER_MAX_SECONDS);
  const nextAttemptMs = nowMs + Math.max(backoff, asked) * 1000;
  if (!(nextAttemptMs < expiresMs)) return { status: 'failed', reason: 'expired before the next attempt' };
  return { status: 'pending', nextAttemptMs };
}

/** The Retry-After header in seconds (a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** The UTF-8 bytes of characters none of which is ASCII. */
function wideBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The bytes of `text` in UTF-8 (the hooks' VM has no TextEncoder). The ASCII counts at once and
 * only the runs of other characters are walked: goja takes about half a microsecond a character
 * in a loop, 15 ms for a digest's 26 KB of HTML (docs/benchmarks/report-digests.md). A surrogate
 * pair never spans two runs (ASCII lies between them).
 */
export function utf8Length(text: string): number {
  // eslint-disable-next-line no-control-regex
  const runs = text.match(/[^\u0000-\u007f]+/g);
  let bytes = text.length;
  if (runs) for (const run of runs) bytes += wideBytes(run) - run.length;
  return bytes;
}
