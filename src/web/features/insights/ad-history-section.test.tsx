/**
 * The ad detail view's history while the Insights worker has not answered (docs/ad-detail.md#ad-history):
 * it says it is loading, and never that the ad, which is in the user's database, was not seen.
 * No user is signed in here, so the worker never answers: the state a slow first computation
 * leaves the view in.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdHistorySection } from './ad-history-section.tsx';
import { AD_HISTORY_LOADING } from './ad-history-text.ts';

afterEach(cleanup);

describe('AdHistorySection', () => {
  it('says it is loading while the history is computed, never "not seen"', () => {
    render(<AdHistorySection adId="ad-1" headingId="history-heading" />);
    const summary = screen.getByTestId('ad-history-summary');
    expect(summary.textContent).toBe(AD_HISTORY_LOADING);
    expect(summary.getAttribute('role')).toBe('status');
    expect(document.body.textContent).not.toMatch(/not seen/i);
    expect(screen.queryByTestId('ad-history-list')).toBeNull();
  });
});
