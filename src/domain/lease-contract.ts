/**
 * The contract of the worker lease routes (ARCHITECTURE §5, §9): what the scout worker sends to
 * claim, heartbeat, results, finish and release, and what the hooks answer. The hooks check every
 * request against these schemas and the worker checks every answer, so neither side can drift
 * without a test failing (tests/integration/lease-contract.test.ts). zod/mini keeps the hooks
 * bundle small. Messages are the routes' 400 texts.
 */
import * as z from 'zod/mini';
import { AD_TEXT_CAPS, RESULT_ROW_FIELDS, type ResultRowField } from './ad-fields.ts';
import { RUN_STATUSES } from './constants.ts';
import { capText } from './text.ts';
import { isHttpUrl } from './url.ts';

export const WORKER_NAME_MAX_LENGTH = 100;
export const MAX_RESULT_ROWS_PER_REQUEST = 1000;
export const LEASE_NOT_HELD_MESSAGE = 'The lease on this run is not held by this worker.';

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

// ---- claim: POST /api/adscout/worker/claim -------------------------------------------------

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

// ---- heartbeat: POST /api/adscout/worker/runs/{id}/heartbeat --------------------------------

/** `progress` is what the worker counted; the server records its own count of stored rows. */
export const heartbeatRequestSchema = z.object({
  worker: workerNameSchema,
  progress: z.optional(z.int('progress must be a whole number.')),
});
export type HeartbeatRequest = z.input<typeof heartbeatRequestSchema>;

export const heartbeatResponseSchema = z.strictObject({ lease_expires_at: z.string(), progress: count });
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

// ---- results: POST /api/adscout/worker/runs/{id}/results ------------------------------------

/** PocketBase's date text, e.g. '2026-11-01 00:00:00.000Z'. */
const PB_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** Text: strings (numbers as digits) cut at the column limit; anything else is ''. */
function textValue(max: number) {
  return z.catch(
    z.pipe(
      z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
      z.string().check(z.overwrite((text) => capText(text, max))),
    ),
    '',
  );
}

/** A link: text that is '' unless it is an http(s) URL. */
function urlValue(max: number) {
  return z.pipe(
    textValue(max),
    z.string().check(z.overwrite((text) => (text && !isHttpUrl(text) ? '' : text))),
  );
}

/** A count: whole and not negative; anything that is not a number is 0. */
const intValue = z.catch(z.coerce.number().check(z.overwrite((n) => (n > 0 ? Math.floor(n) : 0))), 0);

/** A score: between 0 and `max`; anything that is not a number is 0. */
function scoreValue(max: number) {
  return z.catch(z.coerce.number().check(z.overwrite((n) => (n > 0 ? Math.min(n, max) : 0))), 0);
}

/** A PocketBase date, or '' (unset). */
const dateValue = z.catch(z.string().check(z.regex(PB_DATE)), '');

type FieldSchema = z.ZodMiniType<string, unknown> | z.ZodMiniType<number, unknown>;

function fieldSchema(field: ResultRowField): FieldSchema {
  if (field.kind === 'date') return dateValue;
  if (field.kind === 'url') return urlValue(field.max);
  if (field.kind === 'number') return 'max' in field ? scoreValue(field.max) : intValue;
  return textValue(field.max);
}

/** The ad id names the row: a row without one (or with one too long to store) is rejected. */
const adIdValue = z.pipe(
  z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
  z.string().check(z.trim(), z.minLength(1), z.maxLength(AD_TEXT_CAPS.ad_id)),
);

type RowShape = { [F in ResultRowField as F['key']]: F['kind'] extends 'number' ? number : string };

function rowShape() {
  const shape: Record<string, FieldSchema> = {};
  for (const field of RESULT_ROW_FIELDS)
    shape[field.key] = field.key === 'ad_id' ? adIdValue : fieldSchema(field);
  return shape as unknown as { [K in keyof RowShape]: z.ZodMiniType<RowShape[K], unknown> };
}

/**
 * One result row, the one check of the write path: every field of RESULT_ROW_FIELDS, coerced to
 * its kind and limit (a bad link, date or count becomes empty, never an error). A row the
 * normalizer produced passes unchanged; a row without a usable ad id fails and is counted as
 * rejected. Unknown keys are dropped.
 */
export const resultRowSchema = z.object(rowShape());
export type ResultRow = z.output<typeof resultRowSchema>;

/** The envelope; each row is checked on its own, so one bad row does not refuse the batch. */
export const resultsRequestSchema = z.object({
  worker: workerNameSchema,
  rows: z
    .array(z.unknown(), 'rows must be a list.')
    .check(
      z.maxLength(MAX_RESULT_ROWS_PER_REQUEST, `At most ${MAX_RESULT_ROWS_PER_REQUEST} rows per request.`),
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

// ---- finish: POST /api/adscout/worker/runs/{id}/finish --------------------------------------

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

// ---- release: POST /api/adscout/worker/runs/{id}/release (204, no body) ---------------------

export const releaseRequestSchema = z.object({ worker: workerNameSchema });
export type ReleaseRequest = z.input<typeof releaseRequestSchema>;
