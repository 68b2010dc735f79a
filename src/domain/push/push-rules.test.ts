import { describe, expect, it } from 'vitest';
import {
  PUSH_MAX_ATTEMPTS,
  PUSH_RETRY_AFTER_MAX_SECONDS,
  PUSH_RETRY_DELAYS_SECONDS,
  pushOutcomeOf,
  pushRetry,
  retryAfterSeconds,
  utf8Length,
} from './push-rules.ts';

const NOW = Date.parse('2026-11-28T06:00:00Z');
const DAY = 24 * 3600 * 1000;

describe('pushOutcomeOf', () => {
  it.each([
    [201, 'sent'],
    [204, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'failed'],
    [401, 'failed'],
    [403, 'failed'],
    [413, 'failed'],
    [301, 'failed'],
  ] as const)('HTTP %i is %s', (status, outcome) => {
    expect(pushOutcomeOf(status)).toBe(outcome);
  });
});

describe('pushRetry', () => {
  it('waits the backoff of each attempt, and fails after the last', () => {
    for (let attempts = 1; attempts < PUSH_MAX_ATTEMPTS; attempts++) {
      const decision = pushRetry(attempts, undefined, NOW, NOW + DAY);
      expect(decision).toEqual({
        status: 'pending',
        nextAttemptMs: NOW + PUSH_RETRY_DELAYS_SECONDS[attempts - 1]! * 1000,
      });
    }
    expect(pushRetry(PUSH_MAX_ATTEMPTS, undefined, NOW, NOW + DAY).status).toBe('failed');
    expect(pushRetry(PUSH_MAX_ATTEMPTS + 3, 0, NOW, NOW + DAY).status).toBe('failed');
  });

  it('follows a longer Retry-After, up to its cap, never a shorter one', () => {
    expect(pushRetry(1, 120, NOW, NOW + DAY)).toEqual({ status: 'pending', nextAttemptMs: NOW + 120_000 });
    expect(pushRetry(2, 1, NOW, NOW + DAY)).toEqual({
      status: 'pending',
      nextAttemptMs: NOW + PUSH_RETRY_DELAYS_SECONDS[1] * 1000,
    });
    expect(pushRetry(1, 10 * PUSH_RETRY_AFTER_MAX_SECONDS, NOW, NOW + DAY)).toEqual({
      status: 'pending',
      nextAttemptMs: NOW + PUSH_RETRY_AFTER_MAX_SECONDS * 1000,
    });
  });

  it('fails a push whose next attempt would come after it expires', () => {
    expect(pushRetry(1, undefined, NOW, NOW + 5_000).status).toBe('failed');
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, and ignores anything else', () => {
    expect(retryAfterSeconds('120', NOW)).toBe(120);
    expect(retryAfterSeconds(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90);
    expect(retryAfterSeconds(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterSeconds('soon', NOW)).toBeUndefined();
    expect(retryAfterSeconds(null, NOW)).toBeUndefined();
  });
});

describe('utf8Length', () => {
  it('counts what TextEncoder counts', () => {
    const mixed = `${'<td>Fix · your posture… 😀 é</td>'.repeat(300)}\ud83d`;
    for (const text of [
      '',
      'abc',
      'é',
      '€',
      '😀',
      'a😀b€é',
      '\ud800x',
      'x\udc00',
      'a\ud800b\udc00',
      '\ud800\ud800\udc00',
      mixed,
    ]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});
