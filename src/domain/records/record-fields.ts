/**
 * The fields of the records the web app's local database mirrors, as plain lists: the sync asks
 * for them (`fields`) and keeps them (src/web/data/local/sync/records.ts) without loading zod,
 * which the first /app page does not need (docs/benchmarks/pwa.md). The zod schemas of
 * entities.ts and board-contract.ts declare the same keys (record-fields.test.ts), and
 * tests/integration/schema-parity.test.ts holds both to the migrations.
 */

import { RESULT_ROW_FIELDS } from '../ads/ad-fields.ts';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../billing/plans.ts';
import type { FieldKinds } from './record-check.ts';

const BASE_FIELDS = ['id', 'created', 'updated'] as const;

/**
 * A user's subscription, by kind: the subscription gate checks the server's record with them
 * before the first /app page paints (src/web/data/local/subscription.ts, record-check.ts), and
 * entities.ts's subscriptionSchema is built from them. `plan` and `status` are '' until set.
 */
export const SUBSCRIPTION_FIELD_KINDS = {
  id: 'string',
  created: 'string',
  updated: 'string',
  user: 'string',
  plan: ['', ...PLAN_IDS],
  status: ['', ...SUBSCRIPTION_STATUSES],
  stripe_customer_id: 'string',
  stripe_subscription_id: 'string',
  cancel_at_period_end: 'boolean',
  current_period_end: 'string',
  quota_anchor: 'string',
} as const satisfies FieldKinds;

/**
 * Fields of a run hidden from users (PocketBase's `hidden`: superusers only, never over REST,
 * realtime, the sync route or the export): the name of the worker that holds it.
 */
export const RUN_HIDDEN_FIELDS = ['lease_owner'] as const;

export const SEARCH_RUN_FIELDS = [
  ...BASE_FIELDS,
  'user',
  'search_name',
  'facebook_link',
  'target_country',
  'keywords_used',
  'requested_count',
  'status',
  'started_at',
  'finished_at',
  'results_count',
  'new_count',
  'charged_count',
  'progress',
  'error',
  'source',
  'lease_owner',
  'lease_expires_at',
  'attempts',
  'watch',
  'library_total',
] as const;

type SearchResultField =
  | (typeof BASE_FIELDS)[number]
  | 'run'
  | 'user'
  | (typeof RESULT_ROW_FIELDS)[number]['key']
  | 'is_new'
  | 'creative'
  | 'tags';

/** A search result: the worker's row (RESULT_ROW_FIELDS), its run and owner, and the server's fields. */
export const SEARCH_RESULT_FIELDS: readonly SearchResultField[] = [
  ...BASE_FIELDS,
  'run',
  'user',
  ...RESULT_ROW_FIELDS.map((field) => field.key),
  'is_new',
  'creative',
  'tags',
];

export const KEYWORD_SET_FIELDS = [...BASE_FIELDS, 'user', 'locale', 'keywords'] as const;

export const WATCH_FIELDS = [
  ...BASE_FIELDS,
  'user',
  'name',
  'facebook_link',
  'target_country',
  'keywords_used',
  'requested_count',
  'cadence',
  'active',
  'next_run_at',
  'last_run',
  'last_error',
] as const;

export const ARCHIVED_CREATIVE_FIELDS = [
  ...BASE_FIELDS,
  'user',
  'file',
  'poster',
  'sha256',
  'phash',
  'mime',
  'bytes',
  'width',
  'height',
  'text',
  'text_confidence',
  'text_language',
  'text_status',
  'text_tags',
  'transcript',
  'transcript_status',
  'transcript_tags',
] as const;

export const REPORT_FIELDS = [
  ...BASE_FIELDS,
  'user',
  'watch',
  'run',
  'previous_run',
  'watch_name',
  'period_start',
  'period_end',
  'ads_count',
  'new_count',
  'stopped_count',
  'resumed_count',
  'unseen_count',
  'looked_up_count',
  'products_count',
  'stores_count',
  'new_ads',
  'stopped_ads',
  'resumed_ads',
  'unseen_ads',
  'products',
  'stores',
  'read_at',
] as const;

export const BOARD_FIELDS = [
  ...BASE_FIELDS,
  'user',
  'name',
  'description',
  'share_token',
  'share_notes',
] as const;

export const BOARD_ITEM_FIELDS = [
  ...BASE_FIELDS,
  'board',
  'user',
  'ad_id',
  'creative',
  'note',
  'labels',
  'added',
] as const;

export const BOARD_ITEM_DELETION_FIELDS = [...BASE_FIELDS, 'user', 'item', 'board'] as const;

export const BRIEF_FIELDS = [
  ...BASE_FIELDS,
  'user',
  'ad_id',
  'product_key',
  'product_name',
  'language',
  'text',
  'model',
] as const;
