import { describe, expect, it } from 'vitest';
import { insightRow } from '../../../tests/fixtures/insight-rows.ts';
import { adHistory } from './ad-history.ts';

describe('adHistory', () => {
  it('lists sightings oldest first with status changes and reach per day where reach is known', () => {
    const history = adHistory([
      insightRow({
        id: 'r3',
        run: 'w3',
        created: '2026-01-04 00:00:00.000Z',
        reach: 9000,
        reach_known: true,
      }),
      insightRow({
        id: 'r1',
        run: 'w1',
        created: '2026-01-01 00:00:00.000Z',
        reach: 1000,
        reach_known: true,
      }),
      insightRow({
        id: 'r2',
        run: 'w2',
        created: '2026-01-02 00:00:00.000Z',
        active_status: 'INACTIVE',
        reach: 0,
        reach_known: false,
        collation_known: false,
      }),
      insightRow({
        id: 'r4',
        run: 'w4',
        created: '2026-01-04 00:10:00.000Z',
        reach: 9100,
        reach_known: true,
      }),
    ]);
    expect(history.map((s) => s.run)).toEqual(['w1', 'w2', 'w3', 'w4']);
    expect(history.map((s) => s.change)).toEqual([null, 'stopped', 'started again', null]);
    expect(history.map((s) => s.reach)).toEqual([1000, null, 9000, 9100]);
    expect(history[1]!.variants).toBeNull();
    // unknown reach is skipped, not taken as 0: 8,000 over 3 days; ten minutes later is too soon to say
    expect(history.map((s) => s.reachPerDay)).toEqual([null, null, 2667, null]);
  });
});
