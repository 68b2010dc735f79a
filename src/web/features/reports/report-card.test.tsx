/**
 * A report on the Reports page (docs/reports.md#in-the-app), in Chromium: its counts, its news in
 * words, "+N more" where a list keeps fewer items than its count, "Nothing changed" for a quiet
 * report, and the Ad Library's text (store names, titles) rendered as text, never as markup.
 * No user is signed in: the report's rows are not on this device, so its ads show without a
 * detail view to open.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTHING_CHANGED, type Report, type ReportAdItem } from '../../../domain/index.ts';
import { ToastProvider } from '../../components/toast.tsx';
import { ReportCard } from './report-card.tsx';

afterEach(cleanup);

const HOSTILE = '<img src=x onerror="window.hacked=1"><b>Lamps</b>';

const ad = (n: number, over: Partial<ReportAdItem> = {}): ReportAdItem => ({
  adId: `ad-${n}`,
  row: `row-${n}`,
  creative: '',
  store: `Store ${n}`,
  pageId: `page-${n}`,
  title: `Lamp ${n}`,
  daysRunning: 3,
  winningScore: 70,
  active: true,
  ...over,
});

function report(over: Partial<Report> = {}): Report {
  return {
    id: 'rep1',
    created: '2026-11-27 07:00:00.000Z',
    updated: '2026-11-27 07:00:00.000Z',
    user: 'u1',
    watch: 'w1',
    run: 'run2',
    previous_run: 'run1',
    watch_name: 'Posture US',
    period_start: '2026-11-26 07:00:00.000Z',
    period_end: '2026-11-27 07:00:00.000Z',
    ads_count: 80,
    new_count: 0,
    stopped_count: 0,
    resumed_count: 0,
    unseen_count: 0,
    looked_up_count: 0,
    products_count: 0,
    stores_count: 0,
    new_ads: [],
    stopped_ads: [],
    resumed_ads: [],
    unseen_ads: [],
    products: [],
    stores: [],
    read_at: '',
    ...over,
  } as Report;
}

function show(value: Report, open = true) {
  render(
    <MemoryRouter>
      <ToastProvider describeError={() => ''}>
        <ol>
          <ReportCard report={value} open={open} highlighted={false} onToggle={() => undefined} />
        </ol>
      </ToastProvider>
    </MemoryRouter>,
  );
  return screen.getByTestId('report');
}

describe('ReportCard', () => {
  it('names the watch, says the news, counts, and shows "+N more" past the kept items', () => {
    const card = show(
      report({
        new_count: 14,
        stopped_count: 2,
        new_ads: [ad(1), ad(2), ad(3)],
        stopped_ads: [ad(4, { active: false }), ad(5, { active: false })],
      }),
    );
    expect(card.querySelector('h2')?.textContent).toBe('Posture US');
    expect(screen.getByTestId('report-summary').textContent).toBe('14 new ads, 2 ads stopped');
    expect(card.textContent).toContain('Unread');
    expect(card.textContent).toContain('+11 more');
    // the stopped list shows both its items: no "+N more" there
    expect(card.textContent?.match(/more/g)).toHaveLength(1);
    expect(card.querySelectorAll('.report-items > li')).toHaveLength(5);
  });

  it('says "Nothing changed" for a quiet report', () => {
    const card = show(report({ read_at: '2026-11-27 08:00:00.000Z' }));
    expect(screen.getByTestId('report-summary').textContent).toBe(NOTHING_CHANGED);
    expect(card.querySelector('.report-body')?.textContent).toBe(NOTHING_CHANGED);
    expect(card.textContent).not.toContain('Unread');
  });

  it('renders the Ad Library’s text as text, never markup', () => {
    const card = show(
      report({
        new_count: 1,
        stores_count: 1,
        new_ads: [ad(1, { store: HOSTILE, title: HOSTILE })],
        stores: [{ key: 'p:x', pageId: 'x', name: HOSTILE, adsAdded: 1, adIds: ['ad-1'] }],
      }),
    );
    expect(card.querySelector('b')).toBeNull();
    expect(card.querySelector('img[src="x"]')).toBeNull();
    expect(card.textContent).toContain(HOSTILE);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
