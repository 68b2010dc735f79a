import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstPassShare, MAX_PASSES, nextTake, type Take } from './pass-plan.ts';

/** The takes a plan makes while each query's answer is scripted: `dryAfter[i]` takes exhaust query i. */
function plan(dryAfter: number[], share: number, room = 100): Take[] {
  const takes: Take[] = [];
  const taken = dryAfter.map(() => 0);
  let take: Take | null = null;
  while (
    (take = nextTake(
      take,
      taken.map((n, i) => n >= dryAfter[i]!),
      share,
      room,
    ))
  ) {
    takes.push(take);
    taken[take.index]! += 1;
  }
  return takes;
}

describe('firstPassShare', () => {
  it('splits what the run still needs equally between the queries, rounding up', () => {
    expect(firstPassShare(8, 2)).toBe(4);
    expect(firstPassShare(5, 2)).toBe(3);
    expect(firstPassShare(5, 1)).toBe(5);
    expect(firstPassShare(5, 0)).toBe(5); // no query: nothing is asked anyway
  });
});

describe('nextTake', () => {
  it('asks every query for its share first, then for all the run still needs', () => {
    expect(nextTake(null, [false, false], 4, 8)).toEqual({ pass: 0, index: 0, limit: 4 });
    expect(nextTake({ pass: 0, index: 0 }, [false, false], 4, 5)).toEqual({ pass: 0, index: 1, limit: 4 });
    expect(nextTake({ pass: 0, index: 1 }, [false, false], 4, 1)).toEqual({ pass: 1, index: 0, limit: 1 });
  });

  it('skips the queries that ran dry, and ends when all did', () => {
    expect(nextTake({ pass: 0, index: 1 }, [true, false], 4, 1)).toEqual({ pass: 1, index: 1, limit: 1 });
    expect(nextTake({ pass: 1, index: 1 }, [true, true], 4, 1)).toBeNull();
    expect(nextTake(null, [], 4, 8)).toBeNull();
    expect(plan([1, 3], 4)).toEqual([
      { pass: 0, index: 0, limit: 4 },
      { pass: 0, index: 1, limit: 4 },
      { pass: 1, index: 1, limit: 100 },
      { pass: 2, index: 1, limit: 100 },
    ]);
  });

  it(`stops after ${MAX_PASSES} passes over a query that never runs dry`, () => {
    const takes = plan([Infinity], 5);
    expect(takes).toHaveLength(MAX_PASSES);
    expect(takes.at(-1)).toEqual({ pass: MAX_PASSES - 1, index: 0, limit: 100 });
  });

  it('asks each live query once per pass, in order, and never one that ran dry', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: MAX_PASSES + 2 }), { maxLength: 6 }), (dryAfter) => {
        const takes = plan(dryAfter, 7);
        const expected: Take[] = [];
        for (let pass = 0; pass < MAX_PASSES; pass++) {
          dryAfter.forEach((n, index) => {
            if (pass < n) expected.push({ pass, index, limit: pass === 0 ? 7 : 100 });
          });
        }
        expect(takes).toEqual(expected);
      }),
    );
  });
});
