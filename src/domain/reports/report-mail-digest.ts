/**
 * What a report mail says, before any markup: the reports of a period grouped by watch (a digest
 * holds all of a user's watches in one mail), each watch's counts summed over its reports and its
 * lists merged (newest sighting first, each ad once) and ranked as the reports rank them (winning
 * score, then days running, then ad id), and the subject naming the news.
 */
import { reportNewsText } from '../push/push-message.ts';
import type { Report } from '../records/entities.ts';
import {
  reportHasNews,
  type ReportAdItem,
  type ReportProductItem,
  type ReportStoreItem,
} from './report-contract.ts';

/** The fields of a report a mail reads. */
export type MailReport = Pick<
  Report,
  | 'id'
  | 'watch'
  | 'watch_name'
  | 'created'
  | 'new_count'
  | 'stopped_count'
  | 'resumed_count'
  | 'products_count'
  | 'stores_count'
  | 'new_ads'
  | 'stopped_ads'
  | 'resumed_ads'
  | 'products'
  | 'stores'
>;

export interface MailCounts {
  new_count: number;
  stopped_count: number;
  resumed_count: number;
  products_count: number;
  stores_count: number;
}

/** One watch's news in a mail. */
export interface MailWatch {
  name: string;
  /** The newest report of the watch in the mail: its button opens it. */
  reportId: string;
  counts: MailCounts;
  newAds: ReportAdItem[];
  stoppedAds: ReportAdItem[];
  resumedAds: ReportAdItem[];
  products: ReportProductItem[];
  stores: ReportStoreItem[];
}

const COUNT_KEYS = ['new_count', 'stopped_count', 'resumed_count', 'products_count', 'stores_count'] as const;

function byRank(a: ReportAdItem, b: ReportAdItem): number {
  return (
    b.winningScore - a.winningScore ||
    b.daysRunning - a.daysRunning ||
    (a.adId < b.adId ? -1 : a.adId > b.adId ? 1 : 0)
  );
}

/** Items of several reports (newest first), each key once (its newest), in `order`. */
function merged<T>(lists: T[][], keyOf: (item: T) => string, order: (a: T, b: T) => number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const item of list) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out.sort(order);
}

/**
 * The watches of `reports` with news, in the order of their newest report (newest first). A
 * report without news (nothing changed) adds nothing; a watch deleted since keeps its reports'
 * name.
 */
export function mailWatches(reports: readonly MailReport[]): MailWatch[] {
  const newestFirst = [...reports]
    .filter((report) => reportHasNews(report))
    .sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
  const groups = new Map<string, MailReport[]>();
  for (const report of newestFirst) {
    const key = report.watch ? `watch:${report.watch}` : `name:${report.watch_name}`;
    const group = groups.get(key);
    if (group) group.push(report);
    else groups.set(key, [report]);
  }
  const watches: MailWatch[] = [];
  for (const group of groups.values()) {
    const counts = { new_count: 0, stopped_count: 0, resumed_count: 0, products_count: 0, stores_count: 0 };
    for (const report of group) for (const key of COUNT_KEYS) counts[key] += report[key];
    watches.push({
      name: group[0]!.watch_name,
      reportId: group[0]!.id,
      counts,
      newAds: merged(
        group.map((r) => r.new_ads),
        (item) => item.adId,
        byRank,
      ),
      stoppedAds: merged(
        group.map((r) => r.stopped_ads),
        (item) => item.adId,
        byRank,
      ),
      resumedAds: merged(
        group.map((r) => r.resumed_ads),
        (item) => item.adId,
        byRank,
      ),
      products: merged(
        group.map((r) => r.products),
        (item) => item.key,
        (a, b) => b.momentum - a.momentum || b.storesNow - b.storesBefore - (a.storesNow - a.storesBefore),
      ),
      stores: merged(
        group.map((r) => r.stores),
        (item) => item.key,
        (a, b) => b.adsAdded - a.adsAdded,
      ),
    });
  }
  return watches;
}

/**
 * Text for a header: one line, no control characters, at most `max` characters (code points, so
 * an emoji is never cut in half). Counted by hand, not with Array.from: goja spends about 0.1 ms
 * on Array.from of a title, and a mail shortens some 150 texts (docs/benchmarks/report-digests.md).
 */
export function headerText(text: string, max: number): string {
  // one line already (no control character, no space but single plain ones inside) is the common
  // case: one test instead of two replaces and a trim
  // eslint-disable-next-line no-control-regex
  const line = !/[\u0000-\u001f\u007f\u2028\u2029]|[^\S ]| {2}|^ | $/.test(text)
    ? text
    : text
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
  // never more code points than UTF-16 units
  if (line.length <= max) return line;
  let points = 0;
  let cut = -1; // where the (max - 1)th code point ends
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < line.length) {
      const next = line.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    points++;
    if (points === max - 1) cut = i + 1;
    if (points > max) break;
  }
  return points <= max ? line : `${line.slice(0, Math.max(cut, 0))}…`;
}

export const REPORT_MAIL_SUBJECT_MAX = 150;

/**
 * The subject names the news: one watch, "<watch>: 14 new ads, 2 ads stopped"; several, "14 new ads,
 * 2 ads stopped on 3 watches". The watch name is the user's own text, made one line.
 */
export function mailSubject(watches: readonly MailWatch[]): string {
  if (watches.length === 1) {
    const only = watches[0]!;
    return headerText(`${only.name}: ${reportNewsText(only.counts)}`, REPORT_MAIL_SUBJECT_MAX);
  }
  const total = { new_count: 0, stopped_count: 0, resumed_count: 0, products_count: 0, stores_count: 0 };
  for (const watch of watches) for (const key of COUNT_KEYS) total[key] += watch.counts[key];
  return headerText(`${reportNewsText(total)} on ${watches.length} watches`, REPORT_MAIL_SUBJECT_MAX);
}
