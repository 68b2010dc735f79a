/**
 * The Library ID of an item: `ad_archive_id` (Apify actors) or `id` (the Graph API). `ad_id` is
 * another id, usually null, and never used. Graph API records of 2019 (API v3) have no `id`: their
 * ID is only in the query of `ad_snapshot_url` (…/ads/archive/render_ad/?id=…&access_token=…),
 * where it is read, and nothing else of that link is kept. An item without a usable ID cannot
 * become a row, and says why.
 */
import { parseHttpUrl, queryParam } from '../../text/url.ts';
import { firstPresent, readField, type JsonObject } from './raw-access.ts';

export const SKIP_REASONS = {
  notAnObject: 'not an object',
  missingAdId: 'missing ad id',
  invalidAdId: 'invalid ad id',
} as const;
export type SkipReason = (typeof SKIP_REASONS)[keyof typeof SKIP_REASONS];

/** What the ad_id column and the Ad Library link accept; longer ids are refused, never cut. */
const AD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FACEBOOK_HOST = /^(?:[a-z0-9-]+\.)*facebook\.com$/;

/** The `id` parameter of a Facebook ad_snapshot_url; undefined for any other value. */
function idOfSnapshotUrl(value: unknown): string | undefined {
  const parts = typeof value === 'string' ? parseHttpUrl(value) : null;
  if (!parts || !FACEBOOK_HOST.test(parts.host)) return undefined;
  return queryParam(parts.query, 'id') ?? undefined;
}

/** Numbers past 2^53 have already lost digits in JSON.parse, so they are refused. */
export function adIdOf(item: JsonObject): { id: string } | { reason: SkipReason } {
  const value = firstPresent(
    readField(item, 'ad_archive_id'),
    readField(item, 'id'),
    idOfSnapshotUrl(readField(item, 'ad_snapshot_url')),
  );
  if (value === undefined) return { reason: SKIP_REASONS.missingAdId };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0
      ? { id: String(value) }
      : { reason: SKIP_REASONS.invalidAdId };
  }
  const id = typeof value === 'string' ? value.trim() : '';
  if (!id) return { reason: SKIP_REASONS.missingAdId };
  return AD_ID.test(id) ? { id } : { reason: SKIP_REASONS.invalidAdId };
}
