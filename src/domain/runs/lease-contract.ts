/**
 * The contract of the worker lease routes (docs/pipeline.md#claiming-a-run-leases,
 * docs/routes.md#the-worker-routes): what the scout worker sends to claim, heartbeat, results, finish and
 * release, and what the hooks answer. The routes themselves (paths, body limit) are
 * src/domain/api/routes.ts's `workerClaim` and `workerRun*`, as the archive's are for media-contract.ts. The hooks check every request against these schemas and the worker
 * checks every answer, so neither side can drift without a test failing
 * (tests/integration/lease-contract.test.ts). zod/mini keeps the hooks bundle small. Messages are the routes'
 * 400 texts.
 */
import * as z from 'zod/mini';
import { AD_TEXT_CAPS, RESULT_ROW_FIELDS, type ResultRowField } from '../ads/ad-fields.ts';
import { RUN_STATUSES } from '../records/constants.ts';
import { isTag, TAGS_MAX, unionTags, type Tag } from '../tags/vocabulary.ts';
import { capText } from '../text/text.ts';
import { isAdMediaUrl, isHttpUrl } from '../text/url.ts';

export const WORKER_NAME_MAX_LENGTH = 100;
export const MAX_RESULT_ROWS_PER_REQUEST = 1000;
export const LEASE_NOT_HELD_MESSAGE = 'The lease on this run is not held by this worker.';
/**
 * The realtime topic on which the server tells the workers that a run waits to be claimed. Only a
 * worker may subscribe to it, and its messages say nothing but that (WorkSignal).
 */
export const WORK_TOPIC = 'adscout_work';
export type WorkSignal = Record<string, never>;

const WORKER_NAME_MESSAGE = `worker (1–${WORKER_NAME_MAX_LENGTH} characters) is required.`;

/** Each worker process has its own name; the lease is held in it. */
export const workerNameSchema = z
  .string(WORKER_NAME_MESSAGE)
  .check(
    z.trim(),
    z.minLength(1, WORKER_NAME_MESSAGE),
    z.maxLength(WORKER_NAME_MAX_LENGTH, WORKER_NAME_MESSAGE),
  );

const count = z.int().check(z.gte(0));

// ---- claim: SERVER_ROUTES.workerClaim -------------------------------------------------------

export const claimRequestSchema = z.object({ worker: workerNameSchema });
export type ClaimRequest = z.input<typeof claimRequestSchema>;

/** A run as the claim route hands it to a worker. */
export const claimedRunSchema = z.strictObject({
  id: z.string(),
  user: z.string(),
  search_name: z.string(),
  facebook_link: z.string(),
  target_country: z.string(),
  keywords_used: z.string(),
  requested_count: count,
  /** Rows already stored for this run (non-zero when a run is resumed). */
  stored_count: count,
  attempts: count,
});
export type ClaimedRun = z.infer<typeof claimedRunSchema>;

export const claimResponseSchema = z.strictObject({ run: z.nullable(claimedRunSchema) });
export type ClaimResponse = z.infer<typeof claimResponseSchema>;

// ---- heartbeat: SERVER_ROUTES.workerRunHeartbeat ----------------------------------------------

/**
 * How many ads the Library holds for the run's search, where the source says
 * (docs/pipeline.md#coverage): the sum over the run's keyword queries of each one's latest total.
 * Optional on the heartbeat and the results requests; the run keeps the largest value it was sent.
 */
const libraryTotal = z.optional(
  z
    .int('library_total must be a whole number.')
    .check(
      z.gte(0, 'library_total must be a whole number.'),
      z.lte(Number.MAX_SAFE_INTEGER, 'library_total must be a whole number.'),
    ),
);

/** `progress` is what the worker counted; the server records its own count of stored rows. */
export const heartbeatRequestSchema = z.object({
  worker: workerNameSchema,
  progress: z.optional(z.int('progress must be a whole number.')),
  library_total: libraryTotal,
});
export type HeartbeatRequest = z.input<typeof heartbeatRequestSchema>;

export const heartbeatResponseSchema = z.strictObject({ lease_expires_at: z.string(), progress: count });
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

// ---- results: SERVER_ROUTES.workerRunResults --------------------------------------------------

/** PocketBase's date text, e.g. '2026-11-01 00:00:00.000Z'. */
const PB_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

export type ResultRow = {
  [F in ResultRowField as F['key']]: F['kind'] extends 'number'
    ? number
    : F['kind'] extends 'flag'
      ? boolean
      : string;
} & {
  /**
   * The tags of the ad's copy (docs/ai.md#tags), as the worker found them; absent from a worker
   * from before tags (the row is stored untagged, and the backfill tags it).
   */
  tags?: Tag[];
};

/**
 * What is wrong with a row's `tags` as sent, or null when they are fine: absent, or a list of at
 * most TAGS_MAX tags of the vocabulary. The results route answers 400 with it.
 */
export function rowTagsProblem(value: unknown): string | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) return 'must be a list of tags.';
  if (value.length > TAGS_MAX) return `must hold at most ${TAGS_MAX} tags.`;
  for (const tag of value)
    if (typeof tag !== 'string' || !isTag(tag)) return `holds ${JSON.stringify(tag)}, which is not a tag.`;
  return null;
}

const TEXT_FIELDS = RESULT_ROW_FIELDS.filter((field) => field.kind === 'text' && field.key !== 'ad_id');
const URL_FIELDS = RESULT_ROW_FIELDS.filter((field) => field.kind === 'url');
const MEDIA_FIELDS = RESULT_ROW_FIELDS.filter((field) => field.kind === 'media');
const DATE_FIELDS = RESULT_ROW_FIELDS.filter((field) => field.kind === 'date');
const NUMBER_FIELDS = RESULT_ROW_FIELDS.filter((field) => field.kind === 'number');
const FLAG_FIELDS = RESULT_ROW_FIELDS.filter((field) => field.kind === 'flag');

/** Text: strings (numbers as digits) cut at the column limit; anything else is ''. */
function textOf(value: unknown, max: number): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  return capText(text, max);
}

/**
 * One row in the shape and limits of RESULT_ROW_FIELDS, or null when it has no usable ad id.
 * A bad link, date or count becomes empty (or 0), never an error (links: absolute http(s) only;
 * media links also the demo catalogue's root-relative /demo-media/ images); text is cut at its column's
 * limit; unknown keys are dropped. A known-flag (KNOWN_FLAG_FIELDS) is true when sent as true or when
 * its count is above 0: a worker from before the flags sends none, and a count above 0 is one the
 * source gave. A row the normalizer made comes out equal to what went in.
 * Plain code on purpose: it runs for every stored row in PocketBase's JS VM, where a zod schema
 * per field costs several times more.
 */
export function coerceResultRow(raw: unknown): ResultRow | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const input = raw as { readonly [key: string]: unknown };
  const adId = typeof input.ad_id === 'number' ? String(input.ad_id) : input.ad_id;
  if (typeof adId !== 'string') return null;
  const id = adId.trim();
  if (!id || id.length > AD_TEXT_CAPS.ad_id) return null;
  const row: { [key: string]: string | number | boolean } = { ad_id: id };
  for (const field of TEXT_FIELDS) row[field.key] = textOf(input[field.key], field.max);
  for (const field of URL_FIELDS) {
    const text = textOf(input[field.key], field.max);
    row[field.key] = text && !isHttpUrl(text) ? '' : text;
  }
  // Media go into <img>/<video> src: http(s), or the demo catalogue's own /demo-media/ images.
  for (const field of MEDIA_FIELDS) {
    const text = textOf(input[field.key], field.max);
    row[field.key] = text && !isAdMediaUrl(text) ? '' : text;
  }
  for (const field of DATE_FIELDS) {
    const value = input[field.key];
    row[field.key] = typeof value === 'string' && PB_DATE.test(value) ? value : '';
  }
  for (const field of NUMBER_FIELDS) {
    const value = Number(input[field.key]);
    const max = 'max' in field ? field.max : Infinity;
    row[field.key] =
      Number.isFinite(value) && value > 0 ? ('int' in field ? Math.floor(value) : Math.min(value, max)) : 0;
  }
  for (const field of FLAG_FIELDS)
    row[field.key] = input[field.key] === true || (row[field.of] as number) > 0;
  const checked = row as unknown as ResultRow;
  // the request's check refused a bad list (rowTagsProblem); these are tags, each once, in order
  if (Array.isArray(input.tags) && rowTagsProblem(input.tags) === null)
    checked.tags = unionTags(input.tags as string[]) as Tag[];
  return checked;
}

/**
 * One result row, the one check of the write path: coerceResultRow as a schema. A row without a
 * usable ad id fails (and is counted as rejected); everything else is stored as it comes out.
 */
export const resultRowSchema = z.pipe(
  z.unknown(),
  z.transform((raw, context) => {
    const row = coerceResultRow(raw);
    if (row) return row;
    context.issues.push({
      code: 'custom',
      message: `A row needs an ad_id of 1–${AD_TEXT_CAPS.ad_id} characters.`,
      input: raw,
    });
    return z.NEVER;
  }),
);

/**
 * The request, checked once at the route: the envelope, then each row through coerceResultRow
 * (resultRowSchema's check) in one pass — a row without a usable ad id comes out as null and is
 * counted as rejected, so one bad row does not refuse the batch. A row's bad tag list refuses it
 * (400 naming the row): that is a worker's bug, not the source's data. One schema call per batch,
 * not per row: in PocketBase's JS VM the per-call overhead of a schema costs as much as the row's
 * check.
 */
export const resultsRequestSchema = z.object({
  worker: workerNameSchema,
  library_total: libraryTotal,
  rows: z.pipe(
    z
      .array(z.unknown(), 'rows must be a list.')
      .check(
        z.maxLength(MAX_RESULT_ROWS_PER_REQUEST, `At most ${MAX_RESULT_ROWS_PER_REQUEST} rows per request.`),
      ),
    z.transform((rows, context) => {
      for (let i = 0; i < rows.length; i++) {
        const raw = rows[i];
        const problem =
          raw && typeof raw === 'object' ? rowTagsProblem((raw as { tags?: unknown }).tags) : null;
        if (problem === null) continue;
        context.issues.push({ code: 'custom', message: `rows[${i}].tags ${problem}`, input: raw });
        return z.NEVER;
      }
      return rows.map(coerceResultRow);
    }),
  ),
});

export type ResultsRequest = z.input<typeof resultsRequestSchema>;

export const resultsResponseSchema = z.strictObject({
  /** Rows of this run stored so far, after this batch. */
  stored: count,
  /** Rows of this batch that were new to the run. */
  inserted: count,
  /** Rows of this batch without a usable ad id. */
  rejected: count,
  /** True when the run holds as many rows as it may: requested count or reservation. */
  full: z.boolean(),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;

// ---- finish: SERVER_ROUTES.workerRunFinish ----------------------------------------------------

export const FINISH_STATUSES = ['completed', 'failed'] as const;

export const finishRequestSchema = z.object({
  worker: workerNameSchema,
  status: z.enum(FINISH_STATUSES, 'status must be completed or failed.'),
  /** A failed run's message for the user. */
  error: z.optional(z.string('error must be text.')),
});
export type FinishRequest = z.input<typeof finishRequestSchema>;

export const finishResponseSchema = z.strictObject({
  id: z.string(),
  status: z.enum(RUN_STATUSES),
  results_count: count,
  new_count: count,
  charged_count: count,
  finished_at: z.string(),
  error: z.string(),
});
export type FinishResponse = z.infer<typeof finishResponseSchema>;

// ---- release: SERVER_ROUTES.workerRunRelease (204, no body) -----------------------------------

export const releaseRequestSchema = z.object({ worker: workerNameSchema });
export type ReleaseRequest = z.input<typeof releaseRequestSchema>;
