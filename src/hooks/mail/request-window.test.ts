import { describe, expect, it } from 'vitest';
import { admitRequest } from './request-window.ts';

const LIMIT = { maxRequests: 3, windowMs: 60_000 };

describe('admitRequest', () => {
  it('admits up to the limit inside the window, then refuses with the wait', () => {
    let times: number[] = [];
    for (const now of [1_000, 2_000, 3_000]) {
      const decision = admitRequest(times, now, LIMIT);
      expect(decision.allowed).toBe(true);
      times = decision.times;
    }
    const refused = admitRequest(times, 4_000, LIMIT);
    expect(refused).toEqual({ allowed: false, times: [1_000, 2_000, 3_000], retryAfterSeconds: 57 });
  });

  it('forgets requests older than the window', () => {
    const decision = admitRequest([1_000, 2_000, 3_000], 61_500, LIMIT);
    expect(decision.allowed).toBe(true);
    expect(decision.times).toEqual([2_000, 3_000, 61_500]);
  });
});
