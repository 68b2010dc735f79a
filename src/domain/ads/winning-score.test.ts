import { describe, expect, it } from 'vitest';
import { WINNING_SCORE_WEIGHTS, winningScore, type WinningSignals } from './winning-score.ts';

const NOTHING: WinningSignals = {
  days_running: 0,
  active_status: '',
  collation_count: 0,
  reach: 0,
  page_likes: 0,
};

const score = (signals: Partial<WinningSignals>) => winningScore({ ...NOTHING, ...signals });

describe('winningScore', () => {
  it('weights add up to 100', () => {
    const w = WINNING_SCORE_WEIGHTS;
    expect(
      w.longevity.points + w.active.points + w.variants.points + w.reach.points + w.pageLikes.points,
    ).toBe(100);
  });

  it.each<[string, Partial<WinningSignals>, number]>([
    ['no signal at all', {}, 0],
    [
      'every signal at its cap',
      {
        days_running: 120,
        active_status: 'ACTIVE',
        collation_count: 50,
        reach: 1_000_000,
        page_likes: 1_000_000,
      },
      100,
    ],
    [
      'every signal past its cap',
      {
        days_running: 5000,
        active_status: 'ACTIVE',
        collation_count: 10_000,
        reach: 1e12,
        page_likes: 1e12,
      },
      100,
    ],
    // outside the EU reach is unknown: the other 85 points are scaled up to 100
    [
      'capped signals without reach',
      { days_running: 120, active_status: 'ACTIVE', collation_count: 50, page_likes: 1_000_000 },
      100,
    ],
    ['60 days, still active, one ad, no reach', { days_running: 60, active_status: 'ACTIVE' }, 41.2],
    ['60 days, stopped', { days_running: 60, active_status: 'INACTIVE' }, 23.5],
    // 40·30/120 + 15 + 20·ln 5/ln 50 + 15·log10(10001)/6 + 10·log10(1001)/6
    [
      'an EU ad with everything in the middle',
      { days_running: 30, active_status: 'ACTIVE', collation_count: 5, reach: 10_000, page_likes: 1000 },
      48.2,
    ],
    ['a single ad counts as no variants', { collation_count: 1 }, 0],
    [
      'a curious_coder sample (174 days, active, 3 variants, 315,801 likes)',
      {
        days_running: 174,
        active_status: 'ACTIVE',
        collation_count: 3,
        page_likes: 315_801,
      },
      82.1,
    ],
  ])('%s → %d', (_label, signals, expected) => {
    expect(score(signals)).toBe(expected);
  });

  it('grows with each signal and never leaves 0–100', () => {
    const base: WinningSignals = {
      days_running: 10,
      active_status: 'INACTIVE',
      collation_count: 2,
      reach: 100,
      page_likes: 100,
    };
    const more: Array<Partial<WinningSignals>> = [
      { days_running: 11 },
      { active_status: 'ACTIVE' },
      { collation_count: 3 },
      { reach: 200 },
      { page_likes: 200 },
    ];
    for (const change of more) {
      expect(winningScore({ ...base, ...change })).toBeGreaterThan(winningScore(base));
    }
  });

  it('treats NaN, infinities, negatives and non-numbers as 0', () => {
    const hostile = {
      days_running: Number.NaN,
      active_status: 'active',
      collation_count: -5,
      reach: Number.POSITIVE_INFINITY,
      page_likes: '1000000' as unknown as number,
    };
    const value = winningScore(hostile);
    expect(Number.isFinite(value)).toBe(true);
    expect(value).toBe(0);
  });
});
