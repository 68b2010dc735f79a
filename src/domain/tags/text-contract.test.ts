import { describe, expect, it } from 'vitest';
import { MEDIA_RETRY_DELAYS_SECONDS } from '../media/creative-limits.ts';
import { TEXT_ATTEMPTS_MAX, textFailOutcome, textReadRequestSchema } from './text-contract.ts';

describe('textFailOutcome', () => {
  const now = 1_000_000;
  it('backs off 1, 5 and 30 minutes, then fails for good after the last attempt', () => {
    expect(TEXT_ATTEMPTS_MAX).toBe(4);
    expect(
      [1, 2, 3].map((attempts) => textFailOutcome(true, attempts, now, MEDIA_RETRY_DELAYS_SECONDS)),
    ).toEqual([
      { status: 'pending', nextAttemptMs: now + 60_000 },
      { status: 'pending', nextAttemptMs: now + 300_000 },
      { status: 'pending', nextAttemptMs: now + 1_800_000 },
    ]);
    expect(textFailOutcome(true, 4, now, MEDIA_RETRY_DELAYS_SECONDS)).toEqual({ status: 'failed' });
  });

  it('fails for good at once when trying again cannot help', () => {
    expect(textFailOutcome(false, 1, now, MEDIA_RETRY_DELAYS_SECONDS)).toEqual({ status: 'failed' });
  });
});

describe('the read request', () => {
  it('takes a reading in a tag language, or none, with a confidence from 0 to 100', () => {
    const reading = { worker: 'w1', text: '50% OFF', confidence: 91.5, language: 'de', tags: [] };
    expect(textReadRequestSchema.safeParse(reading).success).toBe(true);
    expect(textReadRequestSchema.safeParse({ ...reading, text: '', language: null }).success).toBe(true);
    expect(textReadRequestSchema.safeParse({ ...reading, language: 'no' }).success).toBe(false);
    expect(textReadRequestSchema.safeParse({ ...reading, confidence: 101 }).success).toBe(false);
  });
});
