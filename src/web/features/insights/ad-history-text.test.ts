import { describe, expect, it } from 'vitest';
import { UNKNOWN_VALUE, type AdSighting } from '../../../domain/index.ts';
import {
  AD_HISTORY_NOT_COUNTED,
  historySummary,
  reachPerDaySeries,
  sightingCells,
} from './ad-history-text.ts';

const sighting = (over: Partial<AdSighting>): AdSighting => ({
  run: 'r1',
  seenAt: '2026-03-01 10:00:00.000Z',
  active: true,
  daysRunning: 4,
  reach: null,
  variants: null,
  change: null,
  reachPerDay: null,
  ...over,
});

describe('the ad history', () => {
  it('shows an unknown reach and variants as a dash, never 0, and a real 0 as 0', () => {
    const unknown = sightingCells(sighting({}));
    expect([unknown.reach, unknown.variants, unknown.reachPerDay]).toEqual([
      UNKNOWN_VALUE,
      UNKNOWN_VALUE,
      UNKNOWN_VALUE,
    ]);
    const zero = sightingCells(sighting({ reach: 0, variants: 0, reachPerDay: 0 }));
    expect([zero.reach, zero.variants, zero.reachPerDay]).toEqual(['0', '0', '0']);
  });

  it('calls out status changes', () => {
    expect(sightingCells(sighting({ active: false, change: 'stopped' }))).toMatchObject({
      status: 'Inactive',
      change: 'Stopped',
    });
    expect(sightingCells(sighting({ change: 'started again' })).change).toBe('Started again');
    expect(sightingCells(sighting({})).change).toBe('');
  });

  it('charts only the sightings with a reach per day', () => {
    const series = reachPerDaySeries([
      sighting({}),
      sighting({ seenAt: '2026-03-03 10:00:00.000Z', reach: 500, reachPerDay: 250 }),
    ]);
    expect(series).toEqual({ at: [Date.parse('2026-03-03T10:00:00Z') / 1000], perDay: [250] });
  });

  it('sums the history up in words', () => {
    // an ad in the user's database was seen: an empty history is one not counted yet
    expect(historySummary([])).toBe(AD_HISTORY_NOT_COUNTED);
    expect(historySummary([])).not.toMatch(/not seen/i);
    expect(
      historySummary([
        sighting({}),
        sighting({ seenAt: '2026-03-05 10:00:00.000Z', active: false, change: 'stopped', reachPerDay: 1200 }),
      ]),
    ).toBe('Seen 2 times; stopped on 2026-03-05; reach per day 1,200.');
    expect(historySummary([sighting({})])).toMatch(/^Seen once; no reach per day/);
  });
});
