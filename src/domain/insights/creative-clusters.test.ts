import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hammingDistance } from '../media/phash.ts';
import { CreativeClusters } from './creative-clusters.ts';
import type { InsightCreative } from './insight-types.ts';

const RADIUS = 10;

/** Creatives around a few base hashes, so that groups, near misses and far ones all occur. */
const creativesArb = fc
  .tuple(
    fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.nat(), fc.array(fc.integer({ min: 0, max: 63 }), { maxLength: 14 })), {
      minLength: 1,
      maxLength: 40,
    }),
  )
  .map(([bases, picks]) => {
    const seen = new Set<string>();
    const out: InsightCreative[] = [];
    picks.forEach(([base, flips], i) => {
      let hash = bases[base % bases.length]!;
      for (const bit of flips) hash ^= 1n << BigInt(bit);
      out.push({ id: `c${i}`, phash: hash.toString(16).padStart(16, '0') });
      seen.add(out[out.length - 1]!.id);
    });
    return out;
  });

/** The definition, the slow way: canonical order, nearest earlier representative within the radius. */
function reference(creatives: InsightCreative[]): Map<string, string> {
  const sorted = [...creatives].sort((a, b) =>
    a.phash < b.phash ? -1 : a.phash > b.phash ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const reps: InsightCreative[] = [];
  const repOf = new Map<string, string>();
  for (const creative of sorted) {
    let best: InsightCreative | null = null;
    let bestDistance = Infinity;
    for (const rep of reps) {
      const distance = hammingDistance(rep.phash, creative.phash);
      if (distance <= RADIUS && distance < bestDistance) {
        best = rep;
        bestDistance = distance;
      }
    }
    if (best) repOf.set(creative.id, best.id);
    else {
      reps.push(creative);
      repOf.set(creative.id, creative.id);
    }
  }
  return repOf;
}

function assignment(clusters: CreativeClusters, creatives: InsightCreative[]): Map<string, string> {
  return new Map(creatives.map((c) => [c.id, clusters.representativeOf(c.id)!]));
}

describe('CreativeClusters', () => {
  it('groups as the definition does, whatever the order the creatives come in', () => {
    fc.assert(
      fc.property(creativesArb, fc.nat(), (creatives, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(creatives, { minLength: creatives.length }), {
          seed,
          numRuns: 1,
        })[0]!;
        const clusters = new CreativeClusters(RADIUS);
        clusters.update(shuffled);
        expect(assignment(clusters, creatives)).toEqual(reference(creatives));
      }),
      { numRuns: 300 },
    );
  });

  it('holds no two creatives more than 20 bits apart, and leaves none alone within 10 bits of a representative', () => {
    fc.assert(
      fc.property(creativesArb, (creatives) => {
        const clusters = new CreativeClusters(RADIUS);
        clusters.update(creatives);
        const hash = new Map(creatives.map((c) => [c.id, c.phash]));
        const groups = clusters.groups();
        for (const [rep, members] of groups) {
          for (const a of members) {
            expect(hammingDistance(hash.get(rep)!, hash.get(a)!)).toBeLessThanOrEqual(RADIUS);
            for (const b of members)
              expect(hammingDistance(hash.get(a)!, hash.get(b)!)).toBeLessThanOrEqual(2 * RADIUS);
          }
        }
        for (const creative of creatives) {
          const alone = groups.get(creative.id)?.length === 1;
          if (!alone) continue;
          for (const rep of groups.keys()) {
            if (rep !== creative.id)
              expect(hammingDistance(hash.get(rep)!, creative.phash)).toBeGreaterThan(RADIUS);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives after updates (additions and removals) the groups of a computation from nothing', () => {
    fc.assert(
      fc.property(
        creativesArb,
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (creatives, batchOf, drops) => {
          const clusters = new CreativeClusters(RADIUS);
          const batches: InsightCreative[][] = [[], [], []];
          creatives.forEach((c, i) => batches[(batchOf[i] ?? i) % 3]!.push(c));
          for (const batch of batches) clusters.update(batch);
          const removed = [...new Set(drops.map((d) => creatives[d % creatives.length]!.id))];
          clusters.update([], removed);
          const kept = creatives.filter((c) => !removed.includes(c.id));
          expect(assignment(clusters, kept)).toEqual(reference(kept));
          for (const id of removed) expect(clusters.representativeOf(id)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skips what is not a hash', () => {
    const clusters = new CreativeClusters(RADIUS);
    clusters.update([
      { id: 'x', phash: '' },
      { id: 'y', phash: 'XYZ' },
    ]);
    expect(clusters.size).toBe(0);
  });
});
