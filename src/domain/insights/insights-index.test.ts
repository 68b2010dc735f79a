import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insightRow } from '../../../tests/fixtures/insight-rows.ts';
import { hammingDistance } from '../media/phash.ts';
import { DAY_MS, toPbDate } from '../text/format.ts';
import { groupProducts, InsightsIndex } from './insights-index.ts';
import type { InsightCreative, InsightRow, ProductSummary } from './insight-types.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');

/** Products in a comparable form: sorted by key, row ids sorted. */
function normalized(products: ProductSummary[]) {
  return products
    .map((p) => ({ ...p, rowIds: [...p.rowIds].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Rows of a few stores and ads, some seen twice, with creatives around two base hashes. */
const inputArb = fc
  .tuple(
    fc.array(
      fc.record({
        ad: fc.integer({ min: 0, max: 14 }),
        store: fc.integer({ min: 0, max: 3 }),
        byName: fc.boolean(),
        archived: fc.boolean(),
        link: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
        active: fc.boolean(),
        startDaysAgo: fc.integer({ min: 0, max: 100 }),
        seenHoursAgo: fc.integer({ min: 0, max: 400 }),
      }),
      { minLength: 1, maxLength: 30 },
    ),
    fc.array(fc.array(fc.integer({ min: 0, max: 63 }), { maxLength: 9 }), { minLength: 10, maxLength: 10 }),
    fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  )
  .map(([specs, flips, bases]) => {
    const creatives: InsightCreative[] = flips.map((bits, i) => {
      let hash = bases[i] ? 0x0123456789abcdefn : 0xfedcba9876543210n;
      for (const bit of bits) hash ^= 1n << BigInt(bit);
      return { id: `c${i}`, phash: hash.toString(16).padStart(16, '0') };
    });
    const rows: InsightRow[] = specs.map((s, i) =>
      insightRow({
        id: `r${i}`,
        run: `run${i % 3}`,
        ad_id: `ad${s.ad}`,
        // an ad is one store's: its store comes from the ad
        page_id: s.byName && s.ad % 2 ? '' : `page${s.ad % 4}`,
        store_name: `Store ${s.ad % 4}`,
        title: `Title ${s.ad % 3}`,
        product_link:
          s.link === null ? 'https://shop.com/' : `https://shop${s.ad % 4}.com/products/p${s.link}?utm=${i}`,
        // an ad has one creative; a row stored before it was archived names none
        creative: s.archived ? `c${(s.ad * 7) % 10}` : '',
        active_status: s.active ? 'ACTIVE' : 'INACTIVE',
        start_date: toPbDate(NOW - s.startDaysAgo * DAY_MS),
        days_running: s.startDaysAgo,
        created: toPbDate(NOW - s.seenHoursAgo * 3_600_000),
      }),
    );
    return { rows, creatives };
  });

describe('groupProducts', () => {
  it('does not depend on the order of the rows or the creatives', () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), ({ rows, creatives }, seed) => {
        const [shuffledRows, shuffledCreatives] = fc.sample(
          fc.tuple(
            fc.shuffledSubarray(rows, { minLength: rows.length }),
            fc.shuffledSubarray(creatives, { minLength: creatives.length }),
          ),
          { seed, numRuns: 1 },
        )[0]!;
        expect(normalized(groupProducts(shuffledRows, shuffledCreatives, NOW))).toEqual(
          normalized(groupProducts(rows, creatives, NOW)),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('puts every row in exactly one product, and every ad in one', () => {
    fc.assert(
      fc.property(inputArb, ({ rows, creatives }) => {
        const products = groupProducts(rows, creatives, NOW);
        const ids = products.flatMap((p) => p.rowIds).sort();
        expect(ids).toEqual(rows.map((r) => r.id).sort());
        const adProduct = new Map<string, string>();
        const rowsById = new Map(rows.map((r) => [r.id, r]));
        for (const product of products) {
          for (const id of product.rowIds) {
            const ad = rowsById.get(id)!.ad_id;
            expect(adProduct.get(ad) ?? product.key).toBe(product.key);
            adProduct.set(ad, product.key);
          }
          expect(product.ads).toBe(new Set(product.rowIds.map((id) => rowsById.get(id)!.ad_id)).size);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('holds no two creatives more than 20 bits apart in a product', () => {
    fc.assert(
      fc.property(inputArb, ({ rows, creatives }) => {
        const hash = new Map(creatives.map((c) => [c.id, c.phash]));
        const rowsById = new Map(rows.map((r) => [r.id, r]));
        for (const product of groupProducts(rows, creatives, NOW)) {
          const inProduct = [
            ...new Set(product.rowIds.map((id) => rowsById.get(id)!.creative).filter(Boolean)),
          ];
          for (const a of inProduct)
            for (const b of inProduct)
              expect(hammingDistance(hash.get(a)!, hash.get(b)!)).toBeLessThanOrEqual(20);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('kept up to date row by row, gives what a computation from nothing gives', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }),
        ({ rows, creatives }, batchOf) => {
          const index = new InsightsIndex();
          const batches: InsightRow[][] = [[], [], [], []];
          rows.forEach((row, i) => batches[batchOf[i] ?? 0]!.push(row));
          // creatives arrive late for half of them: rows name them before they are known
          index.add(batches[0]!, creatives.slice(0, 5));
          index.refresh(NOW);
          index.add(batches[1]!, creatives.slice(5));
          index.refresh(NOW);
          index.add(batches[2]!);
          index.add(batches[3]!);
          // a row again, now archived under another creative
          if (rows[0]) index.add([{ ...rows[0], creative: 'c3' }]);
          const changes = index.refresh(NOW);
          const all = rows[0] ? [{ ...rows[0], creative: 'c3' }, ...rows.slice(1)] : rows;
          expect(normalized(index.products())).toEqual(normalized(groupProducts(all, creatives, NOW)));
          for (const key of changes.products.removed)
            expect(index.products().some((p) => p.key === key)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('products', () => {
  const creatives = [
    { id: 'lamp', phash: '0000000000000000' },
    { id: 'lamp2', phash: '000000000000001f' }, // 5 bits from lamp
    { id: 'other', phash: 'ffffffffffffffff' },
  ];
  const rows = [
    insightRow({
      id: 'a1',
      ad_id: 'a',
      page_id: 'p1',
      store_name: 'Glow',
      title: 'Moon lamp',
      creative: 'lamp',
      start_date: toPbDate(NOW - 40 * DAY_MS),
      days_running: 40,
    }),
    insightRow({
      id: 'a2',
      ad_id: 'a',
      page_id: 'p1',
      store_name: 'Glow',
      title: 'Moon lamp',
      creative: 'lamp',
      start_date: toPbDate(NOW - 40 * DAY_MS),
      created: '2026-02-01 00:00:00.000Z',
      active_status: 'INACTIVE',
      days_running: 41,
    }),
    insightRow({
      id: 'b1',
      ad_id: 'b',
      page_id: 'p2',
      store_name: 'Luna',
      title: 'Moon lamp',
      creative: 'lamp2',
      start_date: toPbDate(NOW - 3 * DAY_MS),
      days_running: 3,
      country: 'DE',
    }),
    // not archived yet: joins Luna's lamp through the same product page
    insightRow({
      id: 'c1',
      ad_id: 'c',
      page_id: 'p2',
      store_name: 'Luna',
      title: 'Lamp!',
      product_link: 'https://luna.com/products/lamp?utm=x',
      start_date: toPbDate(NOW - 2 * DAY_MS),
      days_running: 2,
    }),
    insightRow({
      id: 'b0',
      ad_id: 'b',
      page_id: 'p2',
      store_name: 'Luna',
      title: 'Moon lamp',
      creative: 'lamp2',
      product_link: 'https://luna.com/collections/all/products/lamp',
      start_date: toPbDate(NOW - 3 * DAY_MS),
      created: '2025-12-31 00:00:00.000Z',
    }),
    // same link, another store: not the same product
    insightRow({
      id: 'd1',
      ad_id: 'd',
      page_id: 'p3',
      store_name: 'Else',
      title: 'Chair',
      product_link: 'https://luna.com/products/lamp',
      start_date: toPbDate(NOW - 1 * DAY_MS),
    }),
    insightRow({
      id: 'e1',
      ad_id: 'e',
      page_id: 'p3',
      store_name: 'Else',
      title: 'Other',
      creative: 'other',
    }),
  ];

  it('counts stores, ads, momentum and the trend of a product across stores', () => {
    const products = groupProducts(rows, creatives, NOW);
    const lamp = products.find((p) => p.key === 'c:lamp')!;
    expect(lamp.rowIds.sort()).toEqual(['a1', 'a2', 'b0', 'b1', 'c1']);
    expect(lamp).toMatchObject({
      name: 'Moon lamp',
      creative: 'lamp',
      stores: 2,
      storesStopped: 1, // Glow's only ad was last seen inactive (a2 is its newest row)
      ads: 3,
      activeAds: 2,
      medianDaysRunning: 3,
      firstStart: toPbDate(NOW - 40 * DAY_MS),
      newestStore: { name: 'Luna', pageId: 'p2', since: toPbDate(NOW - 3 * DAY_MS) },
      momentum: 1,
      countries: ['DE', 'US'],
    });
    expect(lamp.trend).toHaveLength(12);
    expect(lamp.trend[11]).toBe(1);
    expect(lamp.trend.reduce((a, b) => a + b, 0)).toBe(2);
    expect(products.find((p) => p.rowIds.includes('d1'))!.key).toBe('l:p:p3|luna.com/products/lamp');
    expect(products.find((p) => p.rowIds.includes('e1'))!.key).toBe('c:other');
    expect(products).toHaveLength(3);
  });

  it('keeps an ad with neither creative nor link on its own', () => {
    const [alone] = groupProducts(
      [insightRow({ id: 'x', ad_id: 'x1', product_link: 'https://shop.com' })],
      [],
      NOW,
    );
    expect(alone).toMatchObject({
      key: 'a:x1',
      stores: 1,
      ads: 1,
      medianDaysRunning: null,
      newestStore: null,
      momentum: 0,
    });
  });
});
