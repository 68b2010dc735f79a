import { describe, expect, it } from 'vitest';
import { resultFilterText, type SearchResult } from '../../../domain/index.ts';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import { FilterTextCache, WARM_CHUNK } from './filter-text-cache.ts';

function countingCache() {
  const idle: (() => void)[] = [];
  const made: string[] = [];
  const cache = new FilterTextCache(
    (step) => idle.push(step),
    (row: SearchResult) => {
      made.push(row.id);
      return resultFilterText(row);
    },
  );
  /** Runs the idle steps queued so far; returns how many ran. */
  const runIdle = () => idle.splice(0).map((step) => step()).length;
  return { cache, made, runIdle };
}

describe('filter text cache', () => {
  it('makes the lowercase text of a row once, and anew for a row stored again', () => {
    const { cache, made } = countingCache();
    const row = resultRow('a', { store_name: 'Lamp House', country: 'US', keywords: 'Desk Lamp' });
    expect(cache.get(row)).toEqual({ country: 'us', keywords: 'desk lamp', storeName: 'lamp house' });
    cache.get(row);
    expect(made).toEqual(['a']);
    expect(cache.get({ ...row, store_name: 'Chairs' }).storeName).toBe('chairs');
    expect(made).toEqual(['a', 'a']);
  });

  it('warms every row in idle steps of WARM_CHUNK rows, so a filter then makes none', () => {
    const { cache, made, runIdle } = countingCache();
    const rows = Array.from({ length: 2 * WARM_CHUNK + 1 }, (_, i) => resultRow(`r${i}`));
    cache.get(rows[1]!);
    cache.warm(rows);
    expect(made).toHaveLength(1); // nothing before the page is idle
    const steps = [];
    while (true) {
      const before = made.length;
      if (runIdle() === 0) break;
      steps.push(made.length - before);
    }
    expect(steps).toEqual([WARM_CHUNK - 1, WARM_CHUNK, 1]);
    for (const row of rows) cache.get(row);
    expect(made).toHaveLength(rows.length);
  });
});
