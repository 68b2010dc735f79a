import { describe, expect, it } from 'vitest';
import { REPORT_MAX_ATTEMPTS, REPORT_RETRY_DELAYS_SECONDS, reportFailOutcome } from './retry.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('reportFailOutcome', () => {
  it('backs off after each failure, the last delay repeated, until the attempts run out', () => {
    const waits = [1, 2, 3, 4].map((attempts) => {
      const outcome = reportFailOutcome(true, attempts, NOW);
      return outcome.status === 'pending' ? (outcome.nextAttemptMs - NOW) / 1000 : null;
    });
    expect(waits).toEqual([...REPORT_RETRY_DELAYS_SECONDS]);
    expect(reportFailOutcome(true, REPORT_MAX_ATTEMPTS, NOW)).toEqual({ status: 'failed' });
  });

  it('fails for good at once when trying again cannot help', () => {
    expect(reportFailOutcome(false, 1, NOW)).toEqual({ status: 'failed' });
  });
});
