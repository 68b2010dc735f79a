/**
 * The morning report (docs/reports.md): what a `reports` record holds, and the contract of the
 * worker routes that compute it, as media-contract.ts is for the archive. The hooks check every
 * request against these schemas and the worker checks every answer. The routes (paths) are
 * src/domain/api/routes.ts's `report*`:
 *
 *   reportClaim    { worker, limit }                  → { tasks }
 *   reportRows     { worker, part, after, limit }     → { rows }   (one page: the first ad ids after `after`, as JSON text)
 *   reportStore    { worker, report }                 → { report, stored }
 *   reportFail     { worker, error, retry }           → { status, next_attempt_at }
 *   reportRelease  { worker }                         → 204
 *
 * The user, the watch, the run, the previous run and the period are never in a request: the
 * server fixed them when the run completed and queued its task (src/hooks/reports), and every
 * route reads them from the task. A route on a task the worker does not hold answers 409 with
 * LEASE_NOT_HELD_MESSAGE; an unknown task 404.
 */
import * as z from 'zod/mini';
import { AD_TEXT_CAPS } from '../ads/ad-fields.ts';
import { workerNameSchema } from '../runs/lease-contract.ts';

/** Items kept in each list of a report; the counts beside them are the true totals. */
export const REPORT_LIST_CAP = 50;
/** Ad ids kept on one product or store of a report (its `ads` count is the true total). */
export const REPORT_ITEM_AD_IDS_CAP = 50;
/** Reports older than this are deleted (the cron adscout_reports_prune, and the browser's mirror). */
export const REPORT_RETENTION_DAYS = 180;
/** Report tasks one claim may lease. */
export const REPORT_CLAIM_MAX = 8;
/** Rows one page of SERVER_ROUTES.reportRows may hold. */
export const REPORT_ROWS_PAGE_MAX = 2000;
export const REPORT_TASK_STATUSES = ['pending', 'done', 'failed'] as const;
export type ReportTaskStatus = (typeof REPORT_TASK_STATUSES)[number];
/** The fields of a report its owner may change (PATCH through the record API); the server writes the rest. */
export const REPORT_USER_FIELDS = ['read_at'] as const;

const count = z.int().check(z.gte(0));
const text = (max: number) => z.string().check(z.maxLength(max));
const ID_MAX = 32;
/** A product's or store's key: 'l:' + a store key + '|' + a product link's key is the longest. */
const KEY_MAX = 5000;

// ---- the lists of a report ------------------------------------------------------------------

/** An ad of a report's list, with what the app needs to open and show it. */
export const reportAdItemSchema = z.strictObject({
  /** The ad's id in the Ad Library (`ad_id`). */
  adId: text(AD_TEXT_CAPS.ad_id),
  /** The result row it was read from: this run's, or, for an ad missing from it, the previous run's. */
  row: text(ID_MAX),
  /** The archived creative's id ('' until it is archived: the app and the mail then read the row). */
  creative: text(ID_MAX),
  store: text(AD_TEXT_CAPS.store_name),
  pageId: text(AD_TEXT_CAPS.page_id),
  title: text(AD_TEXT_CAPS.title),
  daysRunning: count,
  winningScore: z.number().check(z.gte(0), z.lte(100)),
  /** Running as of this report (false for a stopped ad). */
  active: z.boolean(),
});
export type ReportAdItem = z.infer<typeof reportAdItemSchema>;

/** A product gaining stores (docs/insights.md#how-ads-become-products), by the Insights rules. */
export const reportProductItemSchema = z.strictObject({
  /** The product's key in this watch's ads ('c:<creative>', 'l:<store>|<link>' or 'a:<ad id>'). */
  key: text(KEY_MAX),
  name: text(AD_TEXT_CAPS.title),
  /** The representative creative's id ('' when the product has none). */
  creative: text(ID_MAX),
  /** Distinct stores running it among the watch's ads, with this run and before it: the gain is the difference. */
  storesNow: count,
  storesBefore: count,
  /** Stores that started it in the last MOMENTUM_DAYS days (the Insights page's sort). */
  momentum: count,
  /** Its ads among the watch's, and their ids (this run's first, by winning score; capped). */
  ads: count,
  adIds: z.array(text(AD_TEXT_CAPS.ad_id)).check(z.maxLength(REPORT_ITEM_AD_IDS_CAP)),
});
export type ReportProductItem = z.infer<typeof reportProductItemSchema>;

/** A store adding ads: ads of this run the watch had never seen from it. */
export const reportStoreItemSchema = z.strictObject({
  /** 'p:<page id>', or 'n:<store name>' for ads without a page id (StoreSummary's key). */
  key: text(KEY_MAX),
  pageId: text(AD_TEXT_CAPS.page_id),
  name: text(AD_TEXT_CAPS.store_name),
  adsAdded: count,
  /** The added ads' ids, by winning score (capped). */
  adIds: z.array(text(AD_TEXT_CAPS.ad_id)).check(z.maxLength(REPORT_ITEM_AD_IDS_CAP)),
});
export type ReportStoreItem = z.infer<typeof reportStoreItemSchema>;

const adList = z.array(reportAdItemSchema).check(z.maxLength(REPORT_LIST_CAP));

/**
 * What the worker computes (compareRuns, src/domain/reports/compare-runs.ts) and the store route
 * keeps: the true counts, and each list's first REPORT_LIST_CAP items in rank order.
 */
export const reportContentSchema = z
  .strictObject({
    /** Distinct ads in this run. */
    ads_count: count,
    /** Ads new to the user (the run's `is_new` rows). */
    new_count: count,
    /** Ads this watch saw running that the source now reports stopped (in the run, or by look-up). */
    stopped_count: count,
    /** Ads this watch saw stopped that run again. */
    resumed_count: count,
    /** Ads of the previous run missing from this one, never called stopped. */
    unseen_count: count,
    /** Of the missing ads, how many the source was asked about by id. */
    looked_up_count: count,
    products_count: count,
    stores_count: count,
    new_ads: adList,
    stopped_ads: adList,
    resumed_ads: adList,
    unseen_ads: adList,
    products: z.array(reportProductItemSchema).check(z.maxLength(REPORT_LIST_CAP)),
    stores: z.array(reportStoreItemSchema).check(z.maxLength(REPORT_LIST_CAP)),
  })
  .check(
    z.refine(
      (report) =>
        report.new_ads.length <= report.new_count &&
        report.stopped_ads.length <= report.stopped_count &&
        report.resumed_ads.length <= report.resumed_count &&
        report.unseen_ads.length <= report.unseen_count &&
        report.products.length <= report.products_count &&
        report.stores.length <= report.stores_count &&
        report.looked_up_count <= report.unseen_count + report.stopped_count,
      'A report list is longer than its count.',
    ),
  );
export type ReportContent = z.infer<typeof reportContentSchema>;
export type ReportCounts = Pick<
  ReportContent,
  | 'ads_count'
  | 'new_count'
  | 'stopped_count'
  | 'resumed_count'
  | 'unseen_count'
  | 'looked_up_count'
  | 'products_count'
  | 'stores_count'
>;

/**
 * Whether a report has news to send (a push, a mail): something new, stopped, back, or a product
 * or store moving. Ads not seen this time are no news: the Library ranks differently every day.
 */
export function reportHasNews(
  counts: Omit<ReportCounts, 'ads_count' | 'unseen_count' | 'looked_up_count'>,
): boolean {
  return (
    counts.new_count +
      counts.stopped_count +
      counts.resumed_count +
      counts.products_count +
      counts.stores_count >
    0
  );
}

// ---- claim: SERVER_ROUTES.reportClaim ---------------------------------------------------------

export const reportClaimRequestSchema = z.object({
  worker: workerNameSchema,
  limit: z.int('limit must be a whole number.').check(z.gte(1), z.lte(REPORT_CLAIM_MAX)),
});
export type ReportClaimRequest = z.input<typeof reportClaimRequestSchema>;

/** A task as the claim hands it out: the run to report on, and its watch's search (for the look-up). */
export const reportTaskSchema = z.strictObject({
  id: z.string(),
  run: z.string(),
  /** The watch's previous completed run when this one completed ('' for its first). */
  previous_run: z.string(),
  /** The run's search as the watch ran it: the look-up asks the source in its words. */
  facebook_link: z.string(),
  target_country: z.string(),
  keywords_used: z.string(),
  requested_count: count,
  /** When the run finished: the end of the report's period, and the day momentum counts from. */
  finished_at: z.string(),
  /** Claims so far, this one included. */
  attempts: count,
  lease_expires_at: z.string(),
});
export type ReportTask = z.infer<typeof reportTaskSchema>;

export const reportClaimResponseSchema = z.strictObject({ tasks: z.array(reportTaskSchema) });
export type ReportClaimResponse = z.infer<typeof reportClaimResponseSchema>;

// ---- rows: SERVER_ROUTES.reportRows -------------------------------------------------------------

/**
 * Which rows a page reads: `current`, the run's; `previous`, the previous completed run's;
 * `history`, the watch's ads seen in its earlier completed runs and not in the previous one, each
 * as its newest row (one row per ad: a 50,000-row history of a daily watch is a few thousand
 * ads).
 */
export const REPORT_ROW_PARTS = ['current', 'previous', 'history'] as const;
export type ReportRowPart = (typeof REPORT_ROW_PARTS)[number];

export const reportRowsRequestSchema = z.object({
  worker: workerNameSchema,
  part: z.enum(REPORT_ROW_PARTS, 'part must be current, previous or history.'),
  /** The largest ad id of the page before ('' for the first page): a page holds the first ad ids after it, in no order. */
  after: text(AD_TEXT_CAPS.ad_id),
  limit: z.int('limit must be a whole number.').check(z.gte(1), z.lte(REPORT_ROWS_PAGE_MAX)),
});
export type ReportRowsRequest = z.input<typeof reportRowsRequestSchema>;

/**
 * A row as the report reads it: the Insights computation's fields (InsightRow,
 * src/domain/insights/insight-types.ts), whether the ad was new to the user, and its creative's
 * perceptual hash ('' when it has no archived creative or none was hashed).
 */
export const reportRowSchema = z.strictObject({
  id: z.string(),
  run: z.string(),
  ad_id: z.string(),
  page_id: z.string(),
  store_name: z.string(),
  title: z.string(),
  product_link: z.string(),
  country: z.string(),
  platforms: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  active_status: z.string(),
  days_running: z.number(),
  reach: z.number(),
  collation_count: z.number(),
  winning_score: z.number(),
  media_url: z.string(),
  media_poster_url: z.string(),
  creative: z.string(),
  created: z.string(),
  reach_known: z.boolean(),
  collation_known: z.boolean(),
  is_new: z.boolean(),
  phash: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/**
 * The columns a page of SERVER_ROUTES.reportRows sends, each row as an array in this order:
 * what the comparison reads. A report reads three rows for each one its run wrote, so a row
 * travels as an array (no field names) of these columns alone (docs/benchmarks/reports.md). The
 * Insights fields left out (the run, country, platforms, reach, variants, media links) feed only
 * figures a report does not keep (countries, platforms, reach, a product's picture); they arrive
 * empty and unknown, and compare-runs.test.ts checks the report is the same with or without them.
 * `is_new` travels as 1 or 0 (SQLite's own value: making JSON true and false costs it a JSON
 * parse a row).
 */
export const REPORT_WIRE_COLUMNS = [
  'id',
  'ad_id',
  'page_id',
  'store_name',
  'title',
  'product_link',
  'start_date',
  'end_date',
  'active_status',
  'days_running',
  'winning_score',
  'creative',
  'created',
  'is_new',
  'phash',
] as const satisfies readonly (keyof ReportRow)[];

/**
 * The columns of a _state row_: a row of the `previous` part whose ad this run has too, with the
 * same REPORT_SHARED_COLUMNS (a daily watch's run shares most of its ads with the one before, and
 * an ad's store, title, link, start and creative rarely change). Such a row is sent as these
 * columns alone, in this order, and the worker takes the rest from the ad's row in this run
 * (rowOfState): the same row, in a third of the bytes (docs/reports.md#what-a-report-reads).
 */
export const REPORT_STATE_COLUMNS = [
  'id',
  'ad_id',
  'end_date',
  'active_status',
  'days_running',
  'winning_score',
  'created',
  'is_new',
] as const satisfies readonly (typeof REPORT_WIRE_COLUMNS)[number][];

/**
 * What a state row shares with its ad's row in this run: the wire columns but the state's, and
 * `phash`, which follows the creative.
 */
export const REPORT_SHARED_COLUMNS = REPORT_WIRE_COLUMNS.filter(
  (column) => column !== 'phash' && !(REPORT_STATE_COLUMNS as readonly string[]).includes(column),
);

/** What a wire column holds: text, a number, or a flag (1 or 0). */
type WireKind = 'string' | 'number' | 'flag';
const wireKind = (column: (typeof REPORT_WIRE_COLUMNS)[number]): WireKind =>
  column === 'is_new'
    ? 'flag'
    : column === 'days_running' || column === 'winning_score'
      ? 'number'
      : 'string';
const WIRE_KINDS = REPORT_WIRE_COLUMNS.map(wireKind);
const STATE_KINDS = REPORT_STATE_COLUMNS.map(wireKind);

/** One row on the wire: REPORT_WIRE_COLUMNS's values, in that order. */
export type ReportWireRow = [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  string,
  string,
  0 | 1,
  string,
];
/** A state row on the wire: REPORT_STATE_COLUMNS's values, in that order. */
export type ReportStateWireRow = [string, string, string, string, number, number, string, 0 | 1];

/** Whether `row` is an array of values of `kinds`, one each. */
function isWireRow(row: unknown, kinds: readonly WireKind[]): boolean {
  if (!Array.isArray(row) || row.length !== kinds.length) return false;
  for (let i = 0; i < kinds.length; i++) {
    const value: unknown = row[i];
    const kind = kinds[i];
    if (kind === 'flag' ? value !== 0 && value !== 1 : typeof value !== kind) return false;
    if (kind === 'number' && !Number.isFinite(value)) return false;
  }
  return true;
}

/** The row a wire row stands for, the fields it leaves out empty and unknown. */
export function reportRowOfWire(wire: ReportWireRow): ReportRow {
  return {
    id: wire[0],
    run: '',
    ad_id: wire[1],
    page_id: wire[2],
    store_name: wire[3],
    title: wire[4],
    product_link: wire[5],
    country: '',
    platforms: '',
    start_date: wire[6],
    end_date: wire[7],
    active_status: wire[8],
    days_running: wire[9],
    reach: 0,
    collation_count: 0,
    winning_score: wire[10],
    media_url: '',
    media_poster_url: '',
    creative: wire[11],
    created: wire[12],
    reach_known: false,
    collation_known: false,
    is_new: wire[13] === 1,
    phash: wire[14],
  };
}

/** A state row as read: its own columns; the others are its ad's row's in this run. */
export type ReportStateRow = Pick<ReportRow, (typeof REPORT_STATE_COLUMNS)[number]> & { state: true };

function reportStateRowOfWire(wire: ReportStateWireRow): ReportStateRow {
  return {
    state: true,
    id: wire[0],
    ad_id: wire[1],
    end_date: wire[2],
    active_status: wire[3],
    days_running: wire[4],
    winning_score: wire[5],
    created: wire[6],
    is_new: wire[7] === 1,
  };
}

/**
 * The row a state row stands for: its ad's row in this run (`current`, by ad id) with the state
 * row's own columns. Throws when this run has no row of that ad: the server sends a state row
 * only for an ad this run has.
 */
export function rowOfState(state: ReportStateRow, current: ReadonlyMap<string, ReportRow>): ReportRow {
  const shared = current.get(state.ad_id);
  if (!shared) throw new Error(`a state row of ad ${state.ad_id}, which this run does not have`);
  const { state: _state, ...own } = state;
  return { ...shared, ...own };
}

/** The JSON text of a page's rows, parsed; undefined when it is not JSON (the check then refuses it). */
function parsedRows(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A page of rows: `rows` is the JSON text of the page's array (as SQLite wrote it: the server's VM
 * never holds it as a string, which would cost a conversion to UTF-16 and back, a tenth of a
 * report's CPU, docs/benchmarks/reports.md). Arrays in it, ReportRows once parsed, or, in the
 * `previous` part, ReportStateRows (rowOfState makes them whole). Each row is checked by a plain
 * loop over its values (isWireRow) rather than a zod tuple a row: a report reads thousands of
 * rows, often in a worker that has not yet run this code often enough to compile it well, and the
 * tuples cost it tens of ms (docs/benchmarks/reports.md).
 */
export const reportRowsResponseSchema = z.strictObject({
  rows: z.pipe(
    z.string(),
    z.pipe(
      z.transform(parsedRows),
      z.pipe(
        z.custom<(ReportWireRow | ReportStateWireRow)[]>(
          (rows) =>
            Array.isArray(rows) &&
            rows.every((row) => isWireRow(row, WIRE_KINDS) || isWireRow(row, STATE_KINDS)),
          'A report row is neither REPORT_WIRE_COLUMNS nor REPORT_STATE_COLUMNS.',
        ),
        z.transform((rows) =>
          rows.map((row): ReportRow | ReportStateRow =>
            row.length === WIRE_KINDS.length
              ? reportRowOfWire(row as ReportWireRow)
              : reportStateRowOfWire(row as ReportStateWireRow),
          ),
        ),
      ),
    ),
  ),
});
export type ReportRowsResponse = z.output<typeof reportRowsResponseSchema>;
export type ReportPageRow = ReportRowsResponse['rows'][number];

// ---- store: SERVER_ROUTES.reportStore ---------------------------------------------------------

export const reportStoreRequestSchema = z.object({
  worker: workerNameSchema,
  report: reportContentSchema,
});
export type ReportStoreRequest = z.input<typeof reportStoreRequestSchema>;

/** The run's report: the one just stored (`stored`), or the one stored before (a second store changes nothing). */
export const reportStoreResponseSchema = z.strictObject({ report: z.string(), stored: z.boolean() });
export type ReportStoreResponse = z.infer<typeof reportStoreResponseSchema>;

// ---- fail ----------------------------------------------------------------------------------------

export const reportFailRequestSchema = z.object({
  worker: workerNameSchema,
  /** For the log and the task record; never shown to users. */
  error: z.string('error must be text.'),
  /** False when trying again cannot help. */
  retry: z.boolean('retry must be true or false.'),
});
export type ReportFailRequest = z.input<typeof reportFailRequestSchema>;

export const reportFailResponseSchema = z.strictObject({
  status: z.enum(REPORT_TASK_STATUSES),
  /** When the task may be claimed again ('' once it has failed for good). */
  next_attempt_at: z.string(),
});
export type ReportFailResponse = z.infer<typeof reportFailResponseSchema>;

// ---- release (204) ----------------------------------------------------------------------------

export const reportReleaseRequestSchema = z.object({ worker: workerNameSchema });
export type ReportReleaseRequest = z.input<typeof reportReleaseRequestSchema>;

/** An answer of the source's look-up by id (AdSource's `lookup`, src/worker/sources/types.ts). */
export interface LookupAnswer {
  adId: string;
  active: boolean;
  /** PocketBase date text, '' when the ad has no end date. */
  endDate: string;
}
