/**
 * Briefs (docs/ai.md#briefs): the request the app sends, the answers it reads, the limits and the
 * words users read. The server (src/hooks/briefs) checks every request against this and the app
 * (src/web/features/ai) builds them from it.
 */

/** The briefs a user may write in a quota period when AI_BRIEFS_PER_MONTH is unset. */
export const BRIEFS_PER_MONTH_DEFAULT = 100;
/** The most AI_BRIEFS_PER_MONTH may say (a typo of 1,000,000 is refused at start). */
export const BRIEFS_PER_MONTH_MAX = 100_000;
/** How long the server waits for the model's answer, in seconds (one call, no retry). */
export const BRIEF_TIMEOUT_SECONDS = 60;
/**
 * A reservation older than this is of a request that died halfway (the server stopped while the
 * model answered): it no longer counts against the allowance. Past the timeout, with room for
 * storing the brief.
 */
export const BRIEF_RESERVATION_STALE_SECONDS = BRIEF_TIMEOUT_SECONDS * 2;
/**
 * Briefs the whole server writes at once. Each holds one of PocketBase's pooled JS VMs for as long as
 * the model takes (`$http.send` is synchronous; docs/ai.md#what-a-brief-costs-the-server), so they
 * may take at most this many of the pool's 64 VMs.
 */
export const BRIEFS_IN_FLIGHT_MAX = 8;
/** The most tokens the model is asked to answer with (a brief is about 300 words). */
export const BRIEF_MAX_TOKENS = 900;
/** The most characters of a brief kept (an answer running on is cut). */
export const BRIEF_TEXT_MAX = 8000;
/** A product's brief quotes at most this many of its ads. */
export const BRIEF_PRODUCT_ADS_MAX = 5;
/** A product key as the Insights index makes them (src/domain/insights/product-keys.ts). */
export const BRIEF_PRODUCT_KEY_MAX = 600;

/** `POST SERVER_ROUTES.briefs`: one ad by its Library ID, or a product by its key and rows. */
export type BriefRequest = { ad_id: string } | { product_key: string; row_ids: string[] };

/** `GET SERVER_ROUTES.briefsStatus`, and part of every answer of the create. */
export interface BriefsStatus {
  /** Whether the operator connected a model (AI_BASE_URL, AI_API_KEY and AI_MODEL are set). */
  enabled: boolean;
  /** Briefs a user may write per quota period (AI_BRIEFS_PER_MONTH). */
  allowance: number;
  /** Briefs written in the current period, and those being written now. */
  used: number;
  /** allowance − used, never below 0. */
  left: number;
}

/** The words users read (docs/ai.md#briefs). */
export const BRIEF_MESSAGES = {
  off: 'Briefs are off on this server.',
  offHint:
    'Briefs can be turned on by the operator of this server, who connects an AI model for them. Until then, no brief is written and none is offered.',
  allowanceFull:
    'You have written all your briefs for this month. New briefs are possible when your quota renews.',
  busy: 'Many briefs are being written right now. Please try again in a minute.',
  timeout:
    'The AI model took longer than a minute to answer, so no brief was written. Nothing was counted. Please try again.',
  modelFailed: 'The AI model could not write the brief. Nothing was counted. Please try again later.',
  emptyAnswer: 'The AI model answered with no brief. Nothing was counted. Please try again.',
  adNotFound: 'This ad is not among your results.',
  noText: 'This ad has no text to write a brief from.',
  badRequest: 'Name one ad (ad_id) or one product (product_key and row_ids, 1 to 5 of its rows).',
  offline: 'You are offline: a brief needs the server. Your briefs written before are shown below.',
} as const;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ROW_ID = /^[a-z0-9]{15}$/;

/** The request checked, or null (the 400 of BRIEF_MESSAGES.badRequest). */
export function parseBriefRequest(body: unknown): BriefRequest | null {
  if (!body || typeof body !== 'object') return null;
  const value = body as { ad_id?: unknown; product_key?: unknown; row_ids?: unknown };
  if (value.ad_id !== undefined) {
    if (value.product_key !== undefined || value.row_ids !== undefined) return null;
    return typeof value.ad_id === 'string' && ID.test(value.ad_id) ? { ad_id: value.ad_id } : null;
  }
  const key = value.product_key;
  const rows = value.row_ids;
  if (typeof key !== 'string' || key.length === 0 || key.length > BRIEF_PRODUCT_KEY_MAX) return null;
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > BRIEF_PRODUCT_ADS_MAX) return null;
  if (!rows.every((row) => typeof row === 'string' && ROW_ID.test(row))) return null;
  if (new Set(rows).size !== rows.length) return null;
  return { product_key: key, row_ids: rows as string[] };
}

/** "3 of 100 briefs left this month", for the detail view and the AI page. */
export function briefsLeftText(status: Pick<BriefsStatus, 'allowance' | 'left'>): string {
  const left = status.left.toLocaleString('en-US');
  const allowance = status.allowance.toLocaleString('en-US');
  return `${left} of ${allowance} ${status.allowance === 1 ? 'brief' : 'briefs'} left this month`;
}
