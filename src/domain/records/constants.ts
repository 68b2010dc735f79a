/**
 * Value lists that code on the landing page needs too. They live apart from the zod schemas of
 * entities.ts so that importing them does not pull zod into the first download (the collections'
 * names are src/domain/api/collections.ts, also without zod).
 */

export const SCOUT_SOURCES = ['demo', 'apify', 'meta'] as const;
export type ScoutSource = (typeof SCOUT_SOURCES)[number];

export const RUN_STATUSES = ['working', 'failed', 'completed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const BILLING_MODES = ['stripe', 'local'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** SERVER_ROUTES.config (docs/routes.md); entities.ts has the same shape as a zod schema. */
export interface PublicConfigShape {
  communityChatUrl: string;
  demoVideoUrl: string;
  billingMode: BillingMode;
  scoutSource: ScoutSource;
  /** The server's VAPID public key for Web Push subscriptions ('' until it has one: docs/push.md). */
  vapidPublicKey: string;
}

/** Reads the config route's answer without zod (landing-page bundle); null when malformed. */
export function parsePublicConfig(value: unknown): PublicConfigShape | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.communityChatUrl !== 'string' || typeof v.demoVideoUrl !== 'string') return null;
  // absent from a config remembered before push existed: no key until the server answers
  if (v.vapidPublicKey !== undefined && typeof v.vapidPublicKey !== 'string') return null;
  if (!(BILLING_MODES as readonly unknown[]).includes(v.billingMode)) return null;
  if (!(SCOUT_SOURCES as readonly unknown[]).includes(v.scoutSource)) return null;
  return {
    communityChatUrl: v.communityChatUrl,
    demoVideoUrl: v.demoVideoUrl,
    billingMode: v.billingMode as BillingMode,
    scoutSource: v.scoutSource as ScoutSource,
    vapidPublicKey: typeof v.vapidPublicKey === 'string' ? v.vapidPublicKey : '',
  };
}
