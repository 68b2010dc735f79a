/**
 * Every collection the server has, by one name each: the hooks, the web app, the worker and the
 * tests name a collection only through this. pb_migrations created them (migrations are
 * history and keep their own literals); tests/integration/route-table.test.ts checks this list
 * against what the migrations create. No zod here: the landing page's bundle imports it.
 */
export const COLLECTIONS = {
  /** PocketBase's own auth collection of the app's users (the migrations change its rules). */
  users: 'users',
  /** PocketBase's own auth collection of the operators (the admin UI). */
  superusers: '_superusers',
  /** The scout workers' accounts: the lease and archive routes accept nothing else. */
  workers: 'workers',
  subscriptions: 'subscriptions',
  searchRuns: 'search_runs',
  searchResults: 'search_results',
  keywordSets: 'keyword_sets',
  usageLedger: 'usage_ledger',
  stripeEvents: 'stripe_events',
  auditLogs: 'audit_logs',
  /** The local test checkout's and portal's links (docs/billing.md#local-mode). */
  billingSessions: 'billing_sessions',
  watches: 'watches',
  /** Mails kept when no SMTP server is configured (docs/accounts.md#mail). */
  mailOutbox: 'mail_outbox',
  /** The creative archive: one file per user and content (docs/creatives.md). */
  creatives: 'creatives',
  /** The archive's work queue: one task per (user, ad_id); superuser-only, never synced. */
  mediaTasks: 'media_tasks',
  /**
   * The text reader's queue: one task per creative, read by the workers' OCR (docs/ai.md);
   * superuser-only, never synced.
   */
  textTasks: 'text_tasks',
  /**
   * The transcripts' queue: one task per archived video, sent by the workers to the operator's
   * model (docs/ai.md#transcripts); superuser-only, never synced.
   */
  transcriptTasks: 'transcript_tasks',
  /** A watch run's report: what changed since the watch's previous run (docs/reports.md). */
  reports: 'reports',
  /** The reports' work queue: one task per completed watch run; superuser-only, never synced. */
  reportTasks: 'report_tasks',
  /**
   * Each ad a watch has seen and its newest sighting, kept as watch runs complete, for the
   * reports (docs/reports.md#what-a-report-reads); superuser-only, never synced.
   */
  watchSightings: 'watch_sightings',
  /**
   * Secrets the server makes once and keeps where a restore of the database brings them back
   * (the VAPID keys; docs/push.md#the-vapid-keys); superuser-only.
   */
  serverSecrets: 'server_secrets',
  /** A browser's Web Push subscription, one per browser (docs/push.md#subscriptions). */
  pushSubscriptions: 'push_subscriptions',
  /** The pushes waiting to be sent: one per (push, subscription); superuser-only, never synced. */
  pushMessages: 'push_messages',
  /** A user's report mail settings, one per user (docs/reports.md#email). */
  reportSettings: 'report_settings',
  /** The report mails' queue: one per digest period or report; superuser-only, never synced. */
  reportMails: 'report_mails',
  /** A user's board of saved ads, and its sharing fields (docs/boards.md). */
  boards: 'boards',
  /** An ad saved on a board, with the user's note and labels (docs/boards.md). */
  boardItems: 'board_items',
  /**
   * The board items deleted, kept so that a device closed at the time removes them too
   * (docs/boards.md#deletions); mirrored like the items, pruned after BOARD_TOMBSTONE_DAYS.
   */
  boardItemDeletions: 'board_item_deletions',
  /** A brief the operator's model wrote for an ad or a product (docs/ai.md#briefs); mirrored. */
  briefs: 'briefs',
  /**
   * The briefs being written, each holding one of its user's allowance until the model answers
   * (docs/ai.md#the-allowance); superuser-only, never synced.
   */
  briefReservations: 'brief_reservations',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];
