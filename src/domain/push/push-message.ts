/**
 * What a push says (docs/push.md#what-a-push-says): the JSON the worker encrypts and the service
 * worker shows (public/sw-notifications.js reads these keys), built by the hooks when they queue
 * it. A finished run's text is the one the open app's toast shows (src/web/features/notifications),
 * so a notification and a toast never word the same news two ways.
 */
import { MESSAGES } from '../forms/messages.ts';
import { ROUTES } from '../pages/routes.ts';
import type { ReportCounts } from '../reports/report-contract.ts';
import { watchRunMessage } from '../runs/watches.ts';
import { formatCount } from '../text/format.ts';
import { PUSH_PAYLOAD_MAX_BYTES, utf8Length } from './push-rules.ts';

export const PUSH_KINDS = ['run', 'report'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** The app's page a click opens: a path on our origin ('/app/history?run=…'). */
  url: string;
  /**
   * The notification's tag: a newer one with the same tag replaces it, in the tray and in the
   * push service's queue (its Topic header); base64url characters, at most 32.
   */
  tag: string;
  /** The run it is about: the service worker asks the open windows whether they show it themselves. */
  run?: string;
}

export const PUSH_TITLE_MAX = 100;
export const PUSH_TEXT_MAX = 300;
const TAG = /^[A-Za-z0-9_-]{1,32}$/;
/** A path of our own origin: never another origin (//host) or a scheme. */
const APP_PATH = /^\/(?![/\\])[^\s]*$/;

/** At most `max` characters (a surrogate pair is not cut in half), an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The payload of `message`: its JSON, title and body cut to fit PUSH_PAYLOAD_MAX_BYTES. Throws
 * when the link is not a path of ours or the tag is not one a push service takes (a bug of the
 * caller, never the user's input).
 */
export function pushPayload(message: PushMessage): string {
  if (!APP_PATH.test(message.url)) throw new Error(`a push opens a page of the app, not ${message.url}`);
  if (!TAG.test(message.tag))
    throw new Error(`a push tag is 1 to 32 base64url characters, not ${message.tag}`);
  let body = clip(message.body, PUSH_TEXT_MAX);
  const json = () =>
    JSON.stringify({
      kind: message.kind,
      title: clip(message.title, PUSH_TITLE_MAX),
      body,
      url: message.url,
      tag: message.tag,
      ...(message.run ? { run: message.run } : {}),
    });
  while (utf8Length(json()) > PUSH_PAYLOAD_MAX_BYTES && body.length > 0) {
    body = clip(body, Math.max(1, Array.from(body).length - 20));
    if (body === '…') body = '';
  }
  return json();
}

/** Where a run's results are shown: its History card, with the results dialog open. */
export function runLink(runId: string): string {
  return `${ROUTES.history.path}?run=${encodeURIComponent(runId)}`;
}

/** The tag of a run's notification, in the tray and in the push service's queue. */
export function runTag(runId: string): string {
  return `run-${runId}`;
}

export interface FinishedRun {
  id: string;
  search_name: string;
  status: string;
  new_count: number;
}

/** The news of a run that finished: "<name>: N new ads", or its failure. */
export function runFinishedText(run: FinishedRun): string {
  return run.status === 'failed'
    ? `${run.search_name}: ${MESSAGES.scrapeFailed}`
    : watchRunMessage(run.search_name, run.new_count);
}

/** The push of a finished run (completed or failed), which a click opens in History. */
export function runFinishedPush(run: FinishedRun): PushMessage {
  return {
    kind: 'run',
    title: 'AdScout',
    body: runFinishedText(run),
    url: runLink(run.id),
    tag: runTag(run.id),
    run: run.id,
  };
}

/** The counts a report's news is told from (docs/reports.md#the-record). */
export type ReportNewsCounts = Pick<
  ReportCounts,
  'new_count' | 'stopped_count' | 'resumed_count' | 'products_count' | 'stores_count'
>;

const counted = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * A report's news in words, zero counts left out: "14 new ads, 2 products gaining stores". ''
 * when nothing changed (the app then says "Nothing changed"; not-seen ads are no news, as
 * reportHasNews says). The push's body, and the app's one-line summaries of a report.
 */
export function reportNewsText(counts: ReportNewsCounts): string {
  const parts: string[] = [];
  if (counts.new_count > 0) parts.push(counted(counts.new_count, 'new ad', 'new ads'));
  if (counts.stopped_count > 0) parts.push(counted(counts.stopped_count, 'ad stopped', 'ads stopped'));
  if (counts.resumed_count > 0) parts.push(counted(counts.resumed_count, 'ad came back', 'ads came back'));
  if (counts.products_count > 0)
    parts.push(counted(counts.products_count, 'product gaining stores', 'products gaining stores'));
  if (counts.stores_count > 0)
    parts.push(counted(counts.stores_count, 'store adding ads', 'stores adding ads'));
  return parts.join(', ');
}

/** Where a report is shown: the Reports page, scrolled to it and highlighted. */
export function reportLink(reportId: string): string {
  return `${ROUTES.reports.path}?report=${encodeURIComponent(reportId)}`;
}

export interface StoredReport extends ReportNewsCounts {
  id: string;
  /** The run it reports on: an open window that toasted the run shows its news already. */
  run: string;
  watch_name: string;
}

/**
 * The push of a report with news: the watch's name as its title, the news as its body; a click
 * opens the report. null when nothing changed: such a report sends nothing.
 */
export function reportPush(report: StoredReport): PushMessage | null {
  const body = reportNewsText(report);
  if (!body) return null;
  return {
    kind: 'report',
    title: report.watch_name || 'AdScout',
    body,
    url: reportLink(report.id),
    tag: `report-${report.id}`,
    run: report.run,
  };
}
