/**
 * The winning score (0–100) of one ad: how strongly the public Ad Library suggests that the ad
 * sells. The Library shows no spend or clicks for commercial ads, so the score is built from the
 * signals it does show (docs/ad-sources.md#winning-signals). This comment is the one place the
 * weights are described; WINNING_SCORE_WEIGHTS holds the same numbers.
 *
 * | signal            | field            | points | curve                          | full points at |
 * |-------------------|------------------|--------|--------------------------------|----------------|
 * | longevity         | days_running     | 40     | linear                         | 120 days       |
 * | still running     | active_status    | 15     | ACTIVE = 15, anything else = 0 | —              |
 * | variants          | collation_count  | 20     | ln(count) / ln(50); 1 ad = 0   | 50 variants    |
 * | EU/UK reach       | reach            | 15     | log10(1 + reach) / 6           | 1,000,000      |
 * | page scale        | page_likes       | 10     | log10(1 + likes) / 6           | 1,000,000      |
 *
 * - Each signal is capped at its points; the sum is at most 100.
 * - Longevity weighs most and grows linearly: practitioners treat runs under two weeks as noise
 *   and runs past 60–90 days as survivors, which a log curve would flatten.
 * - Reach exists only for ads delivered to the EU/UK; 0 means "not published". When it is 0 the
 *   other signals are scaled by 100 / 85 so that ads seen outside the EU can also reach 100.
 * - Page likes reflect the brand, not the ad, so they weigh least.
 * - Missing or invalid inputs (NaN, negative, non-numbers) count as 0.
 * - The result is rounded to one decimal.
 */

export const WINNING_SCORE_WEIGHTS = {
  longevity: { points: 40, fullAtDays: 120 },
  active: { points: 15 },
  variants: { points: 20, fullAtCount: 50 },
  reach: { points: 15, fullAt: 1_000_000 },
  pageLikes: { points: 10, fullAt: 1_000_000 },
} as const;

/** The fields of a normalized ad the score reads. */
export interface WinningSignals {
  days_running: number;
  active_status: string;
  collation_count: number;
  reach: number;
  page_likes: number;
}

/** A usable non-negative number, or 0: the score must never be NaN. */
function nonNegative(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Share (0–1) of a log-scaled signal; `fullAt` and above give 1. */
function logShare(value: number, fullAt: number): number {
  return Math.min(1, Math.log10(1 + value) / Math.log10(1 + fullAt));
}

/** Scores an ad from 0 to 100 by the table above. */
export function winningScore(signals: WinningSignals): number {
  const w = WINNING_SCORE_WEIGHTS;
  const days = nonNegative(signals.days_running);
  const variants = nonNegative(signals.collation_count);
  const reach = nonNegative(signals.reach);
  const likes = nonNegative(signals.page_likes);

  let points = w.longevity.points * Math.min(1, days / w.longevity.fullAtDays);
  if (signals.active_status === 'ACTIVE') points += w.active.points;
  if (variants > 1) {
    points += w.variants.points * Math.min(1, Math.log(variants) / Math.log(w.variants.fullAtCount));
  }
  points += w.pageLikes.points * logShare(likes, w.pageLikes.fullAt);
  if (reach > 0) {
    points += w.reach.points * logShare(reach, w.reach.fullAt);
  } else {
    points *= 100 / (100 - w.reach.points);
  }
  return Math.round(Math.min(100, Math.max(0, points)) * 10) / 10;
}
