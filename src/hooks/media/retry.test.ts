import { describe, expect, it } from 'vitest';
import { MEDIA_RETRY_WINDOW_HOURS } from '../../domain/media/creative-limits.ts';
import { failOutcome, pbDateMs } from './retry.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3600 * 1000;

describe('failOutcome', () => {
  it('backs off 1 min, 5 min, 30 min, then every 2 h', () => {
    const created = NOW - HOUR;
    const delays = [1, 2, 3, 4, 5, 9].map((attempts) => {
      const outcome = failOutcome(true, attempts, created, NOW);
      if (outcome.status !== 'pending') throw new Error('failed for good');
      return (outcome.nextAttemptMs - NOW) / 1000;
    });
    expect(delays).toEqual([60, 300, 1800, 7200, 7200, 7200]);
  });

  it('fails for good without retry, or once the task is past the window', () => {
    expect(failOutcome(false, 1, NOW - HOUR, NOW)).toEqual({ status: 'failed' });
    const windowEnd = NOW - MEDIA_RETRY_WINDOW_HOURS * HOUR;
    expect(failOutcome(true, 1, windowEnd, NOW)).toEqual({ status: 'failed' });
    expect(failOutcome(true, 1, windowEnd + 1, NOW).status).toBe('pending');
    expect(failOutcome(true, 1, NaN, NOW)).toEqual({ status: 'failed' });
  });
});

describe('pbDateMs', () => {
  it('reads PocketBase dates, and empty as NaN', () => {
    expect(pbDateMs('2026-03-01 12:00:00.000Z')).toBe(NOW);
    expect(pbDateMs('')).toBeNaN();
  });
});
