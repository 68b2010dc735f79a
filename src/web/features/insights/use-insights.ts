/**
 * TEMPORARY stand-in of the Insights computation (docs/insights.md), so that the page and its
 * tests run before the real one lands: the real `useInsights` / `useAdHistory` compute in a Web
 * Worker from src/domain/insights and replace this file whole. The shapes are the contract
 * (src/domain/insights/insight-types.ts). This one groups on the main thread, simply: products by
 * an archived creative's exact phash, else by store and product link; stores by page id, else by
 * store name.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  hammingDistance,
  MOMENTUM_DAYS,
  PRODUCT_PHASH_RADIUS,
  parsePbDate,
  TREND_WEEKS,
  type AdSighting,
  type ProductSummary,
  type SearchResult,
  type StoreSummary,
} from '../../../domain/index.ts';
import { yieldToPage } from '../../components/yield-to-page.ts';
import { archivedCreatives, onCreativesChanged } from '../../data/local/creative-index.ts';
import { loadResultsInParts, onResultsStored } from '../../data/local/local-data.ts';

export interface Insights {
  products: ProductSummary[];
  stores: StoreSummary[];
  computing: boolean;
  updatedAt: number | null;
}

const DAY = 86_400_000;
const isActive = (row: SearchResult) => row.active_status.toUpperCase() === 'ACTIVE';
const WEEK = 7 * DAY;

const time = (text: string | null | undefined) => parsePbDate(text)?.getTime() ?? null;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function weekIndex(at: number, now: number): number {
  return TREND_WEEKS - 1 - Math.floor((now - at) / WEEK);
}

function linkKey(link: string): string | null {
  try {
    const url = new URL(link);
    const path = url.pathname.replace(/\/+$/, '');
    return path ? `${url.host}${path}` : null;
  } catch {
    return null;
  }
}

const storeKey = (row: SearchResult) => (row.page_id ? `p:${row.page_id}` : `n:${row.store_name}`);

/** Greedy: a phash joins the first representative within PRODUCT_PHASH_RADIUS bits, else becomes one. */
function representativeOf(phash: string, representatives: string[]): string {
  for (const rep of representatives) if (hammingDistance(rep, phash) <= PRODUCT_PHASH_RADIUS) return rep;
  representatives.push(phash);
  return phash;
}

function productKey(row: SearchResult, phashOf: (id: string) => string | undefined): string {
  const phash = row.creative ? phashOf(row.creative) : undefined;
  if (phash) return `h:${phash}`;
  const link = linkKey(row.product_link);
  return link ? `l:${storeKey(row)}|${link}` : `a:${row.ad_id || row.id}`;
}

function summarizeProducts(rows: SearchResult[], now: number): ProductSummary[] {
  const creatives = archivedCreatives();
  const representatives: string[] = [];
  const reps = new Map<string, string>();
  const phashOf = (id: string) => {
    const phash = creatives.get(id)?.phash;
    if (!phash) return undefined;
    let rep = reps.get(phash);
    if (!rep) reps.set(phash, (rep = representativeOf(phash, representatives)));
    return rep;
  };
  const groups = new Map<string, SearchResult[]>();
  for (const row of rows) {
    const key = productKey(row, phashOf);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const products: ProductSummary[] = [];
  for (const [key, group] of groups) {
    const titles = new Map<string, number>();
    const starts = new Map<string, { name: string; pageId: string; since: number; active: boolean }>();
    const ads = new Set<string>();
    const activeAds = new Set<string>();
    const days: number[] = [];
    const countries = new Set<string>();
    let first: number | null = null;
    for (const row of group) {
      if (row.title) titles.set(row.title, (titles.get(row.title) ?? 0) + 1);
      const ad = row.ad_id || row.id;
      ads.add(ad);
      if (isActive(row)) activeAds.add(ad);
      if (row.days_running > 0) days.push(row.days_running);
      if (row.country) countries.add(row.country);
      const start = time(row.start_date) ?? time(row.created) ?? now;
      if (first === null || start < first) first = start;
      const store = storeKey(row);
      const seen = starts.get(store);
      if (!seen)
        starts.set(store, {
          name: row.store_name,
          pageId: row.page_id,
          since: start,
          active: isActive(row),
        });
      else {
        seen.since = Math.min(seen.since, start);
        seen.active ||= isActive(row);
      }
    }
    const trend = new Array<number>(TREND_WEEKS).fill(0);
    let momentum = 0;
    let newest: { name: string; pageId: string; since: number } | null = null;
    for (const store of starts.values()) {
      const week = weekIndex(store.since, now);
      if (week >= 0 && week < TREND_WEEKS) trend[week]! += 1;
      if (now - store.since <= MOMENTUM_DAYS * DAY) momentum += 1;
      if (!newest || store.since > newest.since) newest = store;
    }
    const [name] = [...titles].sort((a, b) => b[1] - a[1])[0] ?? [''];
    const sample = group.find((row) => row.creative) ?? group[0]!;
    products.push({
      key,
      name,
      creative: sample.creative ?? '',
      mediaUrl: sample.media_poster_url || sample.media_url,
      stores: starts.size,
      storesStopped: [...starts.values()].filter((store) => !store.active).length,
      ads: ads.size,
      activeAds: activeAds.size,
      medianDaysRunning: median(days),
      firstStart: first === null ? '' : new Date(first).toISOString().replace('T', ' '),
      newestStore: newest
        ? {
            name: newest.name,
            pageId: newest.pageId,
            since: new Date(newest.since).toISOString().replace('T', ' '),
          }
        : null,
      momentum,
      trend,
      countries: [...countries].sort(),
      rowIds: group.map((row) => row.id),
    });
  }
  return products.sort((a, b) => b.momentum - a.momentum || b.stores - a.stores || b.ads - a.ads);
}

function summarizeStores(rows: SearchResult[], now: number): StoreSummary[] {
  const groups = new Map<string, SearchResult[]>();
  for (const row of rows) {
    const key = storeKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const stores: StoreSummary[] = [];
  for (const [key, group] of groups) {
    const firstSeenOf = new Map<string, number>();
    const active = new Set<string>();
    const scores: number[] = [];
    const countries = new Set<string>();
    const platforms = new Set<string>();
    let longest: { adId: string; days: number } | null = null;
    let firstSeen = Infinity;
    let lastSeen = -Infinity;
    for (const row of group) {
      const ad = row.ad_id || row.id;
      const seen = time(row.created) ?? now;
      firstSeenOf.set(ad, Math.min(firstSeenOf.get(ad) ?? Infinity, seen));
      firstSeen = Math.min(firstSeen, seen);
      lastSeen = Math.max(lastSeen, seen);
      if (isActive(row)) active.add(ad);
      if (row.winning_score > 0) scores.push(row.winning_score);
      if (row.country) countries.add(row.country);
      for (const platform of row.platforms.split(',')) if (platform.trim()) platforms.add(platform.trim());
      if (!longest || row.days_running > longest.days) longest = { adId: ad, days: row.days_running };
    }
    const trend = new Array<number>(TREND_WEEKS).fill(0);
    let newLast7Days = 0;
    for (const seen of firstSeenOf.values()) {
      const week = weekIndex(seen, now);
      if (week >= 0 && week < TREND_WEEKS) trend[week]! += 1;
      if (now - seen <= 7 * DAY) newLast7Days += 1;
    }
    const first = group[0]!;
    stores.push({
      key,
      pageId: first.page_id,
      name: first.store_name,
      byName: !first.page_id,
      ads: firstSeenOf.size,
      activeAds: active.size,
      newLast7Days,
      firstSeen: new Date(firstSeen).toISOString().replace('T', ' '),
      lastSeen: new Date(lastSeen).toISOString().replace('T', ' '),
      longestRunning: longest,
      medianWinningScore: median(scores),
      countries: [...countries].sort(),
      platforms: [...platforms].sort(),
      trend,
      rowIds: group.map((row) => row.id),
    });
  }
  return stores.sort((a, b) => b.activeAds - a.activeAds || b.ads - a.ads);
}

// --- one computation per page load, shared by every hook -----------------------------------------

let rows: SearchResult[] | null = null;
let state: Insights = { products: [], stores: [], computing: false, updatedAt: null };
let started = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function publish(next: Insights) {
  state = next;
  for (const listener of listeners) listener();
}

function recompute() {
  if (!rows) return;
  const now = Date.now();
  publish({
    products: summarizeProducts(rows, now),
    stores: summarizeStores(rows, now),
    computing: false,
    updatedAt: now,
  });
}

function schedule() {
  timer ??= setTimeout(() => {
    timer = null;
    recompute();
  }, 1000);
}

function start() {
  if (started) return;
  started = true;
  publish({ ...state, computing: true });
  void loadResultsInParts(yieldToPage).then(
    (loaded) => {
      rows = loaded;
      recompute();
    },
    (error: unknown) => {
      console.error('[insights] reading the results failed', error);
      started = false;
      publish({ ...state, computing: false });
    },
  );
  onResultsStored((stored) => {
    if (!rows) return;
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of stored) byId.set(row.id, row);
    rows = [...byId.values()];
    schedule();
  });
  onCreativesChanged(schedule);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInsights(): Insights {
  useEffect(start, []);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Every time the ad was seen (one row per run), oldest first. */
export function useAdHistory(adId: string): AdSighting[] {
  useEffect(start, []);
  // a new state is published after every change of the rows
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return useMemo(() => (current.updatedAt === null ? [] : adSightings(rows ?? [], adId)), [adId, current]);
}

function adSightings(rows: SearchResult[], adId: string): AdSighting[] {
  {
    const seen = rows
      .filter((row) => row.ad_id === adId)
      .sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
    const out: AdSighting[] = [];
    let lastKnown: { reach: number; at: number } | null = null;
    for (const row of seen) {
      const known = (row as { reach_known?: boolean }).reach_known ?? row.reach > 0;
      const variantsKnown = (row as { collation_known?: boolean }).collation_known ?? row.collation_count > 0;
      const at = time(row.created) ?? 0;
      const previous = out[out.length - 1];
      const reach = known ? row.reach : null;
      let reachPerDay: number | null = null;
      if (reach !== null && lastKnown && at > lastKnown.at)
        reachPerDay = (reach - lastKnown.reach) / ((at - lastKnown.at) / DAY);
      if (reach !== null) lastKnown = { reach, at };
      out.push({
        run: row.run,
        seenAt: row.created,
        active: isActive(row),
        daysRunning: row.days_running,
        reach,
        variants: variantsKnown ? row.collation_count : null,
        change:
          !previous || previous.active === isActive(row) ? null : isActive(row) ? 'started again' : 'stopped',
        reachPerDay,
      });
    }
    return out;
  }
}
