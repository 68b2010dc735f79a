/**
 * What the Insights page shows (docs/insights.md): products, stores and an ad's history, computed
 * in the browser from the local database by pure functions of src/domain/insights (run in a Web
 * Worker by src/web/features/insights). These types are the contract between the computation and
 * the page.
 */
import type { SearchResult } from '../records/entities.ts';

/**
 * The fields of a result row the computation reads. `reach_known` / `collation_known` say whether
 * the source gave `reach` / `collation_count` at all: an unknown value is not zero and is left out
 * of every aggregate (docs/data-model.md).
 */
export type InsightRow = Pick<
  SearchResult,
  | 'id'
  | 'run'
  | 'ad_id'
  | 'page_id'
  | 'store_name'
  | 'title'
  | 'product_link'
  | 'country'
  | 'platforms'
  | 'start_date'
  | 'end_date'
  | 'active_status'
  | 'days_running'
  | 'reach'
  | 'collation_count'
  | 'winning_score'
  | 'media_url'
  | 'media_poster_url'
  | 'creative'
  | 'created'
> & { reach_known: boolean; collation_known: boolean };

/** The part of a creative the grouping needs: its perceptual hash (16 hex digits). */
export interface InsightCreative {
  id: string;
  phash: string;
}

/** Weeks in a trend (sparkline), oldest first; the last is the week that holds `now`. */
export const TREND_WEEKS = 12;
/** A product's momentum: stores that started it within this many days. */
export const MOMENTUM_DAYS = 14;
/** Creatives within this many bits of a group's representative are the same product. */
export const PRODUCT_PHASH_RADIUS = 10;

export interface ProductSummary {
  /** Stable across recomputations while the group's representative stays (e.g. 'c:<creative id>' or 'l:<store>|<link key>'). */
  key: string;
  /** The most common title of its ads ('' when none has one). */
  name: string;
  /** The representative creative's id ('' when the group has none), and a source link as fallback. */
  creative: string;
  mediaUrl: string;
  /** Distinct stores running it (the saturation), and of those, how many have no active ad of it any more. */
  stores: number;
  storesStopped: number;
  ads: number;
  activeAds: number;
  /** null when no ad gives days running. */
  medianDaysRunning: number | null;
  /** The earliest start date seen (PocketBase date text; '' when unknown). */
  firstStart: string;
  /** The store that started it last, and when (its earliest start date for the product). */
  newestStore: { name: string; pageId: string; since: string } | null;
  /** Stores that started it in the last MOMENTUM_DAYS days (the default sort, descending). */
  momentum: number;
  /** Stores starting it per week, TREND_WEEKS numbers, oldest first. */
  trend: number[];
  countries: string[];
  /** The rows (result ids) of the group: the Database page's exact filter. */
  rowIds: string[];
}

export interface StoreSummary {
  /** 'p:<page id>', or 'n:<store name>' for ads without a page id. */
  key: string;
  pageId: string;
  name: string;
  /** True when grouped by store name (no page id): shown marked so. */
  byName: boolean;
  /** Distinct ads (ad_id) collected, active ones, and those first seen in the last 7 days. */
  ads: number;
  activeAds: number;
  newLast7Days: number;
  /** When its ads were first and last seen by the user's scouts (rows' `created`). */
  firstSeen: string;
  lastSeen: string;
  longestRunning: { adId: string; days: number } | null;
  /** null when no ad has a score. */
  medianWinningScore: number | null;
  countries: string[];
  platforms: string[];
  /** New ads (first seen) per week, TREND_WEEKS numbers, oldest first. */
  trend: number[];
  rowIds: string[];
}

/** One time an ad was seen: one row of one run (or watch run). */
export interface AdSighting {
  run: string;
  /** The row's `created` (when the scout stored it). */
  seenAt: string;
  active: boolean;
  daysRunning: number;
  /** null when the source did not give it (not zero). */
  reach: number | null;
  variants: number | null;
  /** What changed since the sighting before: stopped, or started again. */
  change: 'stopped' | 'started again' | null;
  /** Reach gained per day since the previous sighting with a known reach; null when not computable. */
  reachPerDay: number | null;
}
