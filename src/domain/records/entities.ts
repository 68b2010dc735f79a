/**
 * zod schemas and types of every stored entity (docs/data-model.md), as PocketBase returns them.
 * The migrations in pb_migrations declare the same fields; tests/integration/schema-parity.test.ts
 * fails when the two drift apart.
 */
import { z } from 'zod/mini';
import { COUNTRY_CODES } from '../forms/countries.ts';
import { LOCALE_CODES } from '../forms/locales.ts';
import { TEXT_STATUSES, TRANSCRIPT_STATUSES } from '../tags/creative-text.ts';
import { TEXT_TASK_STATUSES } from '../tags/text-contract.ts';
import { BILLING_MODES, RUN_STATUSES, SCOUT_SOURCES } from './constants.ts';
import { PLAN_IDS } from '../billing/plans.ts';
import type { FieldKinds, ValueOfKind } from './record-check.ts';
import { SUBSCRIPTION_FIELD_KINDS } from './record-fields.ts';
import type { AdFieldKey } from '../ads/ad-fields.ts';
import { WATCH_CADENCES } from '../runs/watches.ts';
import { REPORT_EMAIL_CHOICES } from '../reports/report-settings.ts';
import { REPORT_MAIL_KINDS, REPORT_MAIL_STATUSES } from '../reports/report-mail-contract.ts';
import {
  reportAdItemSchema,
  reportProductItemSchema,
  reportStoreItemSchema,
} from '../reports/report-contract.ts';

export * from './constants.ts';
export * from '../ads/ad-fields.ts';
export * from './record-fields.ts';
export * from './record-check.ts';

/** PocketBase dates are strings like '2026-11-22 10:00:00.000Z'; an empty string means unset. */
const pbDateSchema = z.string();

/** The zod schema of each field of a record given by kinds (record-check.ts). */
function zodShapeOf<K extends FieldKinds>(kinds: K): { [F in keyof K]: z.ZodMiniType<ValueOfKind<K[F]>> } {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [field, kind] of Object.entries(kinds))
    shape[field] =
      kind === 'string'
        ? z.string()
        : kind === 'boolean'
          ? z.boolean()
          : kind === 'int'
            ? z.int()
            : z.enum(kind);
  return shape as { [F in keyof K]: z.ZodMiniType<ValueOfKind<K[F]>> };
}

const baseRecord = z.object({
  id: z.string(),
  created: pbDateSchema,
  updated: pbDateSchema,
});

export const userSchema = z.extend(baseRecord, {
  email: z.string(),
  verified: z.optional(z.boolean()),
});
export type User = z.infer<typeof userSchema>;

/** Built from SUBSCRIPTION_FIELD_KINDS, which the subscription gate checks without zod. */
export const subscriptionSchema = z.object(zodShapeOf(SUBSCRIPTION_FIELD_KINDS));
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * Fields of a run that only the server writes
 * (docs/invariants.md#invariant-7-the-browser-is-never-trusted-for-plan-status-quota-or-counts).
 */
export const RUN_SERVER_FIELDS = [
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

export const searchRunSchema = z.extend(baseRecord, {
  user: z.string(),
  search_name: z.string(),
  facebook_link: z.string(),
  target_country: z.enum(COUNTRY_CODES),
  keywords_used: z.string(),
  requested_count: z.int(),
  status: z.enum(RUN_STATUSES),
  started_at: pbDateSchema,
  finished_at: pbDateSchema,
  results_count: z.int(),
  new_count: z.int(),
  charged_count: z.int(),
  progress: z.int(),
  error: z.string(),
  source: z.string(),
  /** Hidden (RUN_HIDDEN_FIELDS): present only where a superuser (the worker) reads the run. */
  lease_owner: z.optional(z.string()),
  lease_expires_at: z.optional(pbDateSchema),
  attempts: z.optional(z.int()),
  /** The watch that started the run ('' for a run started from the form, or once the watch is deleted). */
  watch: z.optional(z.string()),
  /**
   * How many ads the Library holds for the run's search, where the source says (docs/pipeline.md#coverage);
   * 0 when it does not. Optional: runs mirrored before the field have none.
   */
  library_total: z.optional(z.int()),
});
export type SearchRun = z.infer<typeof searchRunSchema>;

const adFieldsShape = {
  active_status: z.string(),
  keywords: z.string(),
  country: z.string(),
  /** EU/UK reach; meaningful only when `reach_known` (PocketBase numbers are never null). */
  reach: z.number(),
  store_name: z.string(),
  title: z.string(),
  ad_id: z.string(),
  category: z.string(),
  format: z.string(),
  page_likes: z.number(),
  start_date: pbDateSchema,
  end_date: pbDateSchema,
  platforms: z.string(),
  page_profile_url: z.string(),
  ad_library_url: z.string(),
  product_link: z.string(),
  caption: z.string(),
  cta_text: z.string(),
  body: z.string(),
  cta_type: z.string(),
  link_description: z.string(),
  age_ranges: z.string(),
  page_id: z.string(),
  gender_audience: z.string(),
} satisfies Record<AdFieldKey, z.ZodMiniType>;

export const adFieldsSchema = z.object(adFieldsShape);
export type AdFields = z.infer<typeof adFieldsSchema>;

export const searchResultSchema = z.extend(baseRecord, {
  run: z.string(),
  user: z.string(),
  ...adFieldsShape,
  /** Meaningful only when `collation_known`. */
  collation_count: z.int(),
  days_running: z.int(),
  media_url: z.string(),
  media_poster_url: z.string(),
  card_count: z.int(),
  winning_score: z.number(),
  is_new: z.boolean(),
  /** The row's archived creative (docs/creatives.md); '' until it is archived. */
  creative: z.string(),
  /**
   * Whether the source gave `reach` / `collation_count` (KNOWN_FLAG_FIELDS): when false the value is
   * unknown, not 0. Rows mirrored before the flags may lack them, which reads as false.
   */
  reach_known: z.boolean(),
  collation_known: z.boolean(),
  /**
   * The ad's tags (src/domain/tags/vocabulary.ts): its copy's and its creative's text's, joined by
   * the server; null until tagged (rows stored before tags), absent in rows mirrored before them.
   */
  tags: z.nullish(z.array(z.string())),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const keywordSetSchema = z.extend(baseRecord, {
  user: z.string(),
  locale: z.enum(LOCALE_CODES),
  keywords: z.array(z.string()),
});
export type KeywordSet = z.infer<typeof keywordSetSchema>;

/** Fields of a watch that only the server writes (the scheduler). */
export const WATCH_SERVER_FIELDS = ['next_run_at', 'last_run', 'last_error'] as const;

export const watchSchema = z.extend(baseRecord, {
  user: z.string(),
  name: z.string(),
  facebook_link: z.string(),
  target_country: z.enum(COUNTRY_CODES),
  keywords_used: z.string(),
  requested_count: z.int(),
  cadence: z.enum(WATCH_CADENCES),
  active: z.boolean(),
  next_run_at: pbDateSchema,
  last_run: z.string(),
  last_error: z.string(),
});
export type Watch = z.infer<typeof watchSchema>;

/** An archived creative (docs/creatives.md#the-records): `file` and `poster` are file names. */
export const creativeSchema = z.extend(baseRecord, {
  user: z.string(),
  file: z.string(),
  poster: z.string(),
  sha256: z.string(),
  phash: z.string(),
  mime: z.string(),
  bytes: z.int(),
  width: z.int(),
  height: z.int(),
  /**
   * The text read on the creative (src/domain/tags/creative-text.ts): absent in creatives mirrored
   * before it; `text_status` '' until a reading is queued.
   */
  text: z.optional(z.string()),
  text_confidence: z.optional(z.number()),
  text_language: z.optional(z.string()),
  text_status: z.optional(z.enum(['', ...TEXT_STATUSES])),
  text_tags: z.nullish(z.array(z.string())),
  /**
   * A video's transcript (docs/ai.md#transcripts): absent in creatives mirrored before it;
   * `transcript_status` '' while none is queued (an image, or transcripts off).
   */
  transcript: z.optional(z.string()),
  transcript_status: z.optional(z.enum(['', ...TRANSCRIPT_STATUSES])),
  transcript_tags: z.nullish(z.array(z.string())),
});
export type ArchivedCreative = z.infer<typeof creativeSchema>;

/** Fields of a board only the share routes write (docs/boards.md#sharing). */
export const BOARD_SHARE_FIELDS = ['share_token', 'share_notes'] as const;

/** A user's board (docs/boards.md#the-records): `share_token` is '' while it is not shared. */
export const boardSchema = z.extend(baseRecord, {
  user: z.string(),
  name: z.string(),
  description: z.string(),
  share_token: z.string(),
  share_notes: z.boolean(),
});
export type BoardRecord = z.infer<typeof boardSchema>;

/** An ad saved on a board: `creative` and `added` are the server's; `labels` the user's words. */
export const boardItemRecordSchema = z.extend(baseRecord, {
  board: z.string(),
  user: z.string(),
  ad_id: z.string(),
  creative: z.string(),
  note: z.string(),
  labels: z.nullable(z.array(z.string())),
  added: pbDateSchema,
});

/** A deleted board item's tombstone (docs/boards.md#deletions): ids as text, the records are gone. */
export const boardItemDeletionSchema = z.extend(baseRecord, {
  user: z.string(),
  item: z.string(),
  board: z.string(),
});

/**
 * A brief the operator's model wrote (docs/ai.md#briefs): for one ad (`ad_id`) or one product of
 * Insights (`product_key`, its name then); the brief's plain text, its language ('' when unknown)
 * and the model. Only the server writes one.
 */
export const briefSchema = z.extend(baseRecord, {
  user: z.string(),
  ad_id: z.string(),
  product_key: z.string(),
  product_name: z.string(),
  language: z.string(),
  text: z.string(),
  model: z.string(),
});
export type BriefRecord = z.infer<typeof briefSchema>;

/**
 * A video's transcript task (docs/ai.md#transcripts), superuser-only, never synced: the queue's
 * lease and retries, as text_tasks has them (TEXT_TASK_STATUSES).
 */
export const transcriptTaskRecordSchema = z.extend(baseRecord, {
  user: z.string(),
  creative: z.string(),
  status: z.enum(TEXT_TASK_STATUSES),
  attempts: z.int(),
  next_attempt_at: z.string(),
  lease_owner: z.string(),
  lease_expires_at: z.string(),
  last_error: z.string(),
});

/** A brief being written, holding one of the allowance (docs/ai.md#the-allowance), superuser-only. */
export const briefReservationSchema = z.extend(baseRecord, {
  user: z.string(),
});

/** A browser's Web Push subscription (docs/push.md#subscriptions): its owner, endpoint and keys. */
export const pushSubscriptionSchema = z.extend(baseRecord, {
  user: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
});
export type PushSubscriptionRecord = z.infer<typeof pushSubscriptionSchema>;

export const PUSH_MESSAGE_STATUSES = ['pending', 'failed'] as const;

/**
 * A push waiting to be sent to one subscription (docs/push.md#sending), superuser-only: its
 * payload, when it expires, and the queue's lease and retries. A push delivered is deleted.
 */
export const pushMessageSchema = z.extend(baseRecord, {
  subscription: z.string(),
  user: z.string(),
  payload: z.string(),
  topic: z.string(),
  expires_at: pbDateSchema,
  status: z.enum(PUSH_MESSAGE_STATUSES),
  attempts: z.int(),
  next_attempt_at: pbDateSchema,
  lease_owner: z.string(),
  lease_expires_at: pbDateSchema,
  last_error: z.string(),
});
export type PushMessageRecord = z.infer<typeof pushMessageSchema>;

/** A secret the server made and keeps (docs/push.md#the-vapid-keys), superuser-only. */
export const serverSecretSchema = z.extend(baseRecord, {
  name: z.string(),
  value: z.string(),
});
export type ServerSecret = z.infer<typeof serverSecretSchema>;

/**
 * A watch run's report (docs/reports.md#the-record): what changed since the watch's previous
 * completed run. The server writes every field but `read_at` (REPORT_USER_FIELDS); the lists
 * hold their first REPORT_LIST_CAP items in rank order, the counts the true totals.
 */
export const reportSchema = z.extend(baseRecord, {
  user: z.string(),
  /** The watch that ran ('' once it is deleted: its reports stay, as its runs do). */
  watch: z.string(),
  /** The run reported on: one report per run. */
  run: z.string(),
  /** The watch's previous completed run, compared with ('' for its first run). */
  previous_run: z.string(),
  /** The watch's name when the run completed. */
  watch_name: z.string(),
  /** The period: the previous completed run's finish ('' for the first) to this run's finish. */
  period_start: pbDateSchema,
  period_end: pbDateSchema,
  ads_count: z.int(),
  new_count: z.int(),
  stopped_count: z.int(),
  resumed_count: z.int(),
  unseen_count: z.int(),
  looked_up_count: z.int(),
  products_count: z.int(),
  stores_count: z.int(),
  new_ads: z.array(reportAdItemSchema),
  stopped_ads: z.array(reportAdItemSchema),
  resumed_ads: z.array(reportAdItemSchema),
  unseen_ads: z.array(reportAdItemSchema),
  products: z.array(reportProductItemSchema),
  stores: z.array(reportStoreItemSchema),
  /** When its owner read it ('' while unread); the one field they may change. */
  read_at: pbDateSchema,
});
export type Report = z.infer<typeof reportSchema>;

/**
 * A user's report mail settings (docs/reports.md#email), one per user. The owner writes `email`,
 * `send_hour` and `time_zone` (all optional: the server fills REPORT_*_DEFAULT); the server alone
 * writes REPORT_SETTINGS_SERVER_FIELDS.
 */
export const reportSettingsSchema = z.extend(baseRecord, {
  user: z.string(),
  email: z.union([z.enum(REPORT_EMAIL_CHOICES), z.literal('')]),
  send_hour: z.int().check(z.minimum(0), z.maximum(23)),
  time_zone: z.string(),
  /** When the next digest goes out ('' when none: off, each). */
  next_digest_at: pbDateSchema,
  /** When the last digest was sent or its period passed without news. */
  last_digest_at: pbDateSchema,
});
export type ReportSettings = z.infer<typeof reportSettingsSchema>;

/**
 * A report mail in the queue (docs/reports.md#exactly-once), superuser-only: one per digest period
 * or per report (`each`), unique (user, period), with the Message-ID every attempt sends.
 */
export const reportMailSchema = z.extend(baseRecord, {
  user: z.string(),
  kind: z.enum(REPORT_MAIL_KINDS),
  /** `digest:<the period's next_digest_at>` or `report:<report id>`. */
  period: z.string(),
  /** The ids of the reports it tells about. */
  reports: z.nullable(z.array(z.string())),
  message_id: z.string(),
  status: z.enum(REPORT_MAIL_STATUSES),
  attempts: z.int(),
  next_attempt_at: pbDateSchema,
  lease_owner: z.string(),
  lease_expires_at: pbDateSchema,
  sent_at: pbDateSchema,
  last_error: z.string(),
});
export type ReportMailRecord = z.infer<typeof reportMailSchema>;

/**
 * Ledger kinds. Amounts are positive; the kind says which balance they move:
 * plan_use and addon_use spend, addon_grant adds credits, reservation holds units for a
 * working run and reservation_release lets them go at settlement; addon_revoke takes credits of
 * a refunded or disputed pack back and addon_restore gives them back (a dispute won).
 */
export const LEDGER_KINDS = [
  'plan_use',
  'addon_use',
  'addon_grant',
  'reservation',
  'reservation_release',
  'addon_revoke',
  'addon_restore',
] as const;

export const usageLedgerEntrySchema = z.extend(baseRecord, {
  user: z.string(),
  run: z.string(),
  checkout_session: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.int(),
  period_start: pbDateSchema,
});

export const stripeEventSchema = z.extend(baseRecord, {
  event_id: z.string(),
  type: z.string(),
  processed_at: pbDateSchema,
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/**
 * Changes, and refused attempts (a missing or wrong current password: a stolen session?); a reset
 * by email, an email change waiting for its link, and the one entry an account's deletion leaves
 * (no user, a hash of the email).
 */
export const AUDIT_ACTIONS = [
  'email_updated',
  'password_updated',
  'email_update_refused',
  'password_update_refused',
  'password_reset',
  'email_change_requested',
  'account_delete_refused',
  'account_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditLogSchema = z.extend(baseRecord, {
  user: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  metadata: z.nullable(z.record(z.string(), z.unknown())),
});

/** The quota shape of docs/product.md#entities-and-fields, as SERVER_ROUTES.quota returns it. */
export const quotaSchema = z.object({
  plan: z.union([z.enum(PLAN_IDS), z.null()]),
  plan_monthly_quota: z.int(),
  plan_used_this_month: z.int(),
  plan_remaining_this_month: z.int(),
  addon_remaining: z.int(),
  addon_balance_total: z.int(),
  total_remaining: z.int(),
});
export type Quota = z.infer<typeof quotaSchema>;

/** SERVER_ROUTES.config (docs/routes.md). */
export const publicConfigSchema = z.object({
  communityChatUrl: z.string(),
  demoVideoUrl: z.string(),
  billingMode: z.enum(BILLING_MODES),
  scoutSource: z.enum(SCOUT_SOURCES),
  /** '' until the server has VAPID keys; absent from a config remembered before push existed. */
  vapidPublicKey: z._default(z.string(), ''),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
