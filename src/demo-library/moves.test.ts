/**
 * The demo Library moves from day to day as the real one does (library.ts): over a run of
 * consecutive days ads start, stop and come back, products gain and lose stores, and an ad keeps
 * its id, its start and its content for its whole life; the same day always gives the same
 * catalogue, also when a demo day lasts seconds (clock.ts).
 */
import { describe, expect, it } from 'vitest';
import { normalizeAd } from '../domain/ads/normalize/normalize-ad.ts';
import type { SourceQuery } from '../domain/ads/source-query.ts';
import { DAY_MS } from '../domain/text/format.ts';
import { sourceQuery } from '../../tests/fixtures/source-query.ts';
import { demoClock } from './clock.ts';
import { buildDemoCatalogue, demoAdsById, DEMO_WINDOW_DAYS } from './library.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw items are untyped JSON */
type Raw = Record<string, any>;

const DAY_S = DAY_MS / 1000;
/** Midnight UTC, the start of a demo day of a real day's length. */
const DAY0 = Date.UTC(2026, 10, 22);
const DAYS = 14;

const byId = (items: Raw[]) => new Map(items.map((ad) => [String(ad.ad_archive_id), ad]));

/** The product an ad sells, by its link's product page (catalogue ads link to the shop's home). */
const productOf = (ad: Raw) => /\/products\/([^/?#]+)/.exec(String(ad.snapshot.link_url))?.[1] ?? null;

/** Per product, the stores (page ids) with an active ad of it. */
function storesByProduct(items: Raw[]): Map<string, Set<string>> {
  const stores = new Map<string, Set<string>>();
  for (const ad of items) {
    const product = productOf(ad);
    if (!product || ad.is_active !== true) continue;
    stores.set(product, (stores.get(product) ?? new Set()).add(String(ad.page_id)));
  }
  return stores;
}

interface DayNews {
  started: number;
  stopped: Raw[];
  cameBack: Raw[];
  gainedStores: number;
  lostStores: number;
}

/** What changed from one day's whole catalogue (every status) to the next. */
function news(before: Raw[], after: Raw[]): DayNews {
  const was = byId(before);
  const result: DayNews = { started: 0, stopped: [], cameBack: [], gainedStores: 0, lostStores: 0 };
  for (const ad of after) {
    const old = was.get(String(ad.ad_archive_id));
    if (!old) result.started += 1;
    else if (old.is_active === true && ad.is_active === false) result.stopped.push(ad);
    else if (old.is_active === false && ad.is_active === true) result.cameBack.push(ad);
  }
  const storesBefore = storesByProduct(before);
  const storesAfter = storesByProduct(after);
  for (const product of new Set([...storesBefore.keys(), ...storesAfter.keys()])) {
    const from = storesBefore.get(product)?.size ?? 0;
    const to = storesAfter.get(product)?.size ?? 0;
    if (to > from) result.gainedStores += 1;
    if (to < from) result.lostStores += 1;
  }
  return result;
}

/** The whole catalogue of `query` (every status) on each of DAYS + 1 consecutive days, at `hour`. */
function days(query: SourceQuery, hour = 9): Raw[][] {
  return Array.from(
    { length: DAYS + 1 },
    (_, d) =>
      buildDemoCatalogue({ ...query, activeStatus: 'all' }, DAY0 + d * DAY_MS + hour * 3_600_000) as Raw[],
  );
}

describe('the demo Library from day to day', () => {
  const query = sourceQuery({ limit: 1000 });
  const catalogues = days(query);
  const changes = catalogues.slice(1).map((after, d) => news(catalogues[d]!, after));

  it('is the same catalogue all day long, and another one the next day', () => {
    const morning = buildDemoCatalogue(query, DAY0 + 60_000);
    const evening = buildDemoCatalogue(query, DAY0 + DAY_MS - 60_000);
    expect(evening).toEqual(morning);
    const ids = (items: Raw[]) => items.map((ad) => ad.ad_archive_id);
    expect(ids(buildDemoCatalogue(query, DAY0 + DAY_MS))).not.toEqual(ids(morning));
  });

  it('has news on most days: new ads and stopped ones every day or nearly, now and then one that came back', () => {
    const count = (pick: (day: DayNews) => number) => changes.filter((day) => pick(day) > 0).length;
    expect(count((day) => day.started)).toBeGreaterThanOrEqual(DAYS - 1);
    expect(count((day) => day.stopped.length)).toBeGreaterThanOrEqual(DAYS - 1);
    expect(count((day) => day.cameBack.length)).toBeGreaterThanOrEqual(DAYS / 2);
  });

  it('has products gaining and losing stores: some in fashion, some going out of it', () => {
    expect(changes.filter((day) => day.gainedStores + day.lostStores > 0).length).toBeGreaterThanOrEqual(
      DAYS - 2,
    );
    // Over the fortnight a rising product is taken up by several stores, a fading one dropped.
    const first = storesByProduct(catalogues[0]!);
    const last = storesByProduct(catalogues[DAYS]!);
    const moves = [...first.keys()].map(
      (product) => (last.get(product)?.size ?? 0) - first.get(product)!.size,
    );
    expect(Math.max(...moves)).toBeGreaterThanOrEqual(3);
    expect(Math.min(...moves)).toBeLessThanOrEqual(-3);
  });

  it('reports an ad stopped on day d inactive, with an end date on or before d', () => {
    changes.forEach((day, d) => {
      // active on day d of the run, inactive on day d + 1: it stopped on day d
      const endOfDay = (DAY0 + (d + 1) * DAY_MS) / 1000;
      for (const ad of day.stopped) {
        expect(ad.end_date).toBeGreaterThanOrEqual(Math.max(ad.start_date, endOfDay - DAY_S));
        expect(ad.end_date).toBeLessThan(endOfDay);
        const row = normalizeAd(ad, { keywords: '', country: 'US', now: endOfDay * 1000 });
        expect(row).toMatchObject({ ok: true, ad: { active_status: 'INACTIVE' } });
      }
    });
  });

  it('brings an ad back active, with its start date and without an end date', () => {
    const backs = changes.flatMap((day, d) => day.cameBack.map((ad) => ({ ad, d })));
    expect(backs.length).toBeGreaterThan(0);
    for (const { ad, d } of backs) {
      const before = byId(catalogues[d]!).get(String(ad.ad_archive_id))!;
      expect(ad.start_date).toBe(before.start_date);
      const now = DAY0 + (d + 1) * DAY_MS + 9 * 3_600_000;
      const row = normalizeAd(ad, { keywords: '', country: 'US', now });
      expect(row).toMatchObject({ ok: true, ad: { active_status: 'ACTIVE', end_date: '' } });
    }
  });

  it('keeps an ad under its id for its whole life, with the same start and content, until it leaves the window', () => {
    const seen = new Map<string, Raw>();
    /** What an ad must keep from day to day (one comparison per ad: thousands of expect() calls take seconds). */
    const identity = (ad: Raw) =>
      JSON.stringify([ad.start_date, ad.collation_id, ad.page_id, ad.snapshot.link_url, ad.snapshot.body]);
    const changed: string[] = [];
    const missing: string[] = [];
    catalogues.forEach((items, d) => {
      for (const ad of items) {
        const id = String(ad.ad_archive_id);
        const first = seen.get(id);
        if (!first) seen.set(id, ad);
        else if (identity(ad) !== identity(first)) changed.push(`${id} on day ${d}`);
      }
      // Every ad seen before is still there while it started within the window.
      const present = byId(items);
      const windowStartS = (demoClock(DAY0 + d * DAY_MS).today - DEMO_WINDOW_DAYS) * DAY_S;
      for (const ad of seen.values()) {
        if (ad.start_date >= windowStartS && !present.has(String(ad.ad_archive_id))) {
          missing.push(`${ad.ad_archive_id} on day ${d}`);
        }
      }
    });
    expect(changed).toEqual([]);
    expect(missing).toEqual([]);
    expect(seen.size).toBeGreaterThan(catalogues[0]!.length);
  });

  it('still fills a 1,000-ad run of active ads on every day', () => {
    for (let d = 0; d <= DAYS; d += 7) {
      const active = buildDemoCatalogue({ ...query, activeStatus: 'active' }, DAY0 + d * DAY_MS);
      expect(active.length).toBeGreaterThan(1000);
    }
  });
});

describe('demoAdsById', () => {
  const now = DAY0 + 9 * 3_600_000;

  it("finds a query's ads whatever the link's filters (a stopped ad for a search of active ones)", () => {
    const all = buildDemoCatalogue(sourceQuery(), now) as Raw[];
    const stopped = all.filter((ad) => ad.is_active === false).slice(0, 5);
    const running = all.filter((ad) => ad.is_active === true).slice(0, 5);
    const ids = [...stopped, ...running].map((ad) => String(ad.ad_archive_id));
    const found = demoAdsById(sourceQuery({ activeStatus: 'active', mediaType: 'video' }), now, ids) as Raw[];
    expect(new Set(found.map((ad) => String(ad.ad_archive_id)))).toEqual(new Set(ids));
    for (const { total, ...ad } of found) {
      expect(total).toBeUndefined(); // a look-up is no search: no result count
      expect({ ...ad, total: all.length }).toEqual(byId(all).get(String(ad.ad_archive_id)));
    }
  });

  it("leaves out ids it does not hold: another query's, made up, gone from the window", () => {
    const other = (buildDemoCatalogue(sourceQuery({ country: 'DE' }), now) as Raw[])[0]!.ad_archive_id;
    const old = (buildDemoCatalogue(sourceQuery(), now - (DEMO_WINDOW_DAYS + 5) * DAY_MS) as Raw[]).find(
      (ad) => ad.start_date < (now - DEMO_WINDOW_DAYS * DAY_MS) / 1000,
    )!.ad_archive_id;
    expect(demoAdsById(sourceQuery(), now, [String(other), '1234567890123456', String(old), ''])).toEqual([]);
  });
});

describe('a demo day shorter than a real one (SCOUT_DEMO_DAY_SECONDS)', () => {
  const DAY_SECONDS = 10;
  /** Noon: fourteen 10-second demo days never cross midnight. */
  const NOON = DAY0 + 12 * 3_600_000;
  const startOfDemoDay = (k: number) => (Math.floor(NOON / (DAY_SECONDS * 1000)) + k) * DAY_SECONDS * 1000;
  const catalogueOn = (k: number, offsetMs = 0) =>
    buildDemoCatalogue(sourceQuery({ limit: 1000 }), startOfDemoDay(k) + offsetMs, {
      daySeconds: DAY_SECONDS,
    }) as Raw[];
  const catalogues = Array.from({ length: DAYS + 1 }, (_, k) => catalogueOn(k, 5_000));

  it('is the same catalogue for the whole demo day, another the next', () => {
    expect(catalogueOn(3, 0)).toEqual(catalogueOn(3, DAY_SECONDS * 1000 - 1));
    expect(catalogueOn(4).map((ad) => ad.ad_archive_id)).not.toEqual(
      catalogueOn(3).map((ad) => ad.ad_archive_id),
    );
  });

  it('passes a week in a minute: ads start, stop and come back from one demo day to the next', () => {
    const changes = catalogues.slice(1).map((after, k) => news(catalogues[k]!, after));
    expect(changes.filter((day) => day.started > 0).length).toBeGreaterThanOrEqual(DAYS - 1);
    expect(changes.filter((day) => day.stopped.length > 0).length).toBeGreaterThanOrEqual(DAYS - 1);
    expect(changes.some((day) => day.cameBack.length > 0)).toBe(true);
  });

  it('reports dates no later than now, each ad a real day older every demo day', () => {
    const wrong: string[] = [];
    catalogues.forEach((items, k) => {
      const nowS = (startOfDemoDay(k) + 5_000) / 1000;
      for (const ad of items) {
        if (!(ad.start_date <= nowS && ad.start_date <= ad.end_date && ad.end_date <= nowS)) {
          wrong.push(`${ad.ad_archive_id} on demo day ${k}: ${ad.start_date}–${ad.end_date}, now ${nowS}`);
        }
      }
      if (k === 0) return;
      // The same real day throughout: a demo day later, an ad started a day earlier, so its days
      // running (counted from the real now) grow by one a demo day.
      const before = byId(catalogues[k - 1]!);
      let compared = 0;
      for (const ad of items) {
        const old = before.get(String(ad.ad_archive_id));
        if (!old) continue;
        if (ad.start_date !== old.start_date - DAY_S) wrong.push(`${ad.ad_archive_id} kept its start date`);
        compared += 1;
      }
      expect(compared).toBeGreaterThan(items.length * 0.9);
    });
    expect(wrong).toEqual([]);
  });
});
