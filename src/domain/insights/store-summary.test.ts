import { describe, expect, it } from 'vitest';
import { insightRow } from '../../../tests/fixtures/insight-rows.ts';
import { DAY_MS, toPbDate } from '../text/format.ts';
import { summarizeStores } from './store-summary.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('summarizeStores', () => {
  it('groups by page id, else by store name (marked), counting distinct ads', () => {
    const rows = [
      insightRow({
        id: 'r1',
        ad_id: 'a',
        page_id: 'p1',
        store_name: 'Glow',
        platforms: 'FACEBOOK,INSTAGRAM',
        winning_score: 40,
        start_date: toPbDate(NOW - 30 * DAY_MS),
        days_running: 30,
        created: toPbDate(NOW - 20 * DAY_MS),
      }),
      insightRow({
        id: 'r2',
        ad_id: 'a',
        page_id: 'p1',
        store_name: 'Glow',
        active_status: 'INACTIVE',
        winning_score: 50,
        start_date: toPbDate(NOW - 30 * DAY_MS),
        days_running: 31,
        created: toPbDate(NOW - 1 * DAY_MS),
      }),
      insightRow({
        id: 'r3',
        ad_id: 'b',
        page_id: 'p1',
        store_name: 'Glow Shop',
        country: 'DE',
        winning_score: 70,
        start_date: toPbDate(NOW - 2 * DAY_MS),
        days_running: 2,
        created: toPbDate(NOW - 2 * DAY_MS),
      }),
      insightRow({ id: 'r4', ad_id: 'c', store_name: 'No Page', created: toPbDate(NOW) }),
    ];
    const stores = summarizeStores(rows, NOW).sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(stores).toHaveLength(2);
    expect(stores[0]).toMatchObject({
      key: 'n:No Page',
      byName: true,
      pageId: '',
      name: 'No Page',
      ads: 1,
      longestRunning: null,
    });
    expect(stores[1]).toMatchObject({
      key: 'p:p1',
      byName: false,
      pageId: 'p1',
      ads: 2,
      activeAds: 1, // ad a was last seen inactive
      newLast7Days: 1,
      firstSeen: toPbDate(NOW - 20 * DAY_MS),
      lastSeen: toPbDate(NOW - 1 * DAY_MS),
      longestRunning: { adId: 'a', days: 31 },
      medianWinningScore: 60,
      countries: ['DE', 'US'],
      platforms: ['FACEBOOK', 'INSTAGRAM'],
    });
    expect(stores[1]!.rowIds.sort()).toEqual(['r1', 'r2', 'r3']);
    expect(stores[1]!.trend.reduce((a, b) => a + b, 0)).toBe(2);
    expect(stores[1]!.trend[11]).toBe(1);
  });

  it('counts a row given twice once', () => {
    const row = insightRow({ id: 'r1', page_id: 'p' });
    expect(summarizeStores([row, row], NOW)[0]!.rowIds).toEqual(['r1']);
  });
});
