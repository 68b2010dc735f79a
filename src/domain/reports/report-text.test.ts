import { describe, expect, it } from 'vitest';
import { moreText, NOTHING_CHANGED, reportSummary, timeAgoText } from './report-text.ts';

const none = { new_count: 0, stopped_count: 0, resumed_count: 0, products_count: 0, stores_count: 0 };

describe('report text', () => {
  it('sums a report up in the push’s words, or says nothing changed', () => {
    expect(reportSummary({ ...none, new_count: 14, stopped_count: 2 })).toBe('14 new ads, 2 ads stopped');
    expect(reportSummary(none)).toBe(NOTHING_CHANGED);
  });

  it('says how many more a capped list has, and nothing when it shows them all', () => {
    expect(moreText(1234, 50)).toBe('+1,184 more');
    expect(moreText(50, 50)).toBe('');
    expect(moreText(3, 3)).toBe('');
  });

  it('says how long ago, roughly', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(timeAgoText(now - 10_000, now)).toBe('just now');
    expect(timeAgoText(now + 10_000, now)).toBe('just now');
    expect(timeAgoText(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(timeAgoText(now - 3 * 3_600_000 - 1, now)).toBe('3 h ago');
    expect(timeAgoText(now - 86_400_000, now)).toBe('1 day ago');
    expect(timeAgoText(now - 9 * 86_400_000, now)).toBe('9 days ago');
  });
});
