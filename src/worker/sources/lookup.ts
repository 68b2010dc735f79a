/**
 * What the sources that look ads up by id share (types.ts, AdLookupSource): the ids one call may
 * ask about, and what an item says of its ad now, read by the normalizer as a run's row is, so a
 * look-up and a run never disagree on whether an ad runs or when it stopped.
 */
import { normalizeAd } from '../../domain/ads/normalize/normalize-ad.ts';
import type { AdLookup } from './types.ts';

/** The distinct ids asked about, in order; more than `maxIds` rejects before any request. */
export function idsToLookUp(ids: readonly string[], maxIds: number, source: string): string[] {
  const distinct = [...new Set(ids)];
  if (distinct.length > maxIds) {
    throw new RangeError(`${source}: one look-up takes at most ${maxIds} ad ids (got ${distinct.length})`);
  }
  return distinct;
}

/** What one item says of its ad now; null when it names no ad or does not say whether it runs. */
export function adLookupOf(item: unknown, nowMs: number): AdLookup | null {
  const result = normalizeAd(item, { keywords: '', country: '', now: nowMs });
  if (!result.ok || result.ad.active_status === '') return null;
  return {
    adId: result.ad.ad_id,
    active: result.ad.active_status === 'ACTIVE',
    endDate: result.ad.end_date,
  };
}

/**
 * The answers for the ids asked about, in the order asked: one per ad (the first item naming it),
 * none for an id no item names or for an item of an ad not asked about.
 */
export function answersFor(ids: readonly string[], items: readonly unknown[], nowMs: number): AdLookup[] {
  const wanted = new Set(ids);
  const byId = new Map<string, AdLookup>();
  for (const item of items) {
    const answer = adLookupOf(item, nowMs);
    if (answer && wanted.has(answer.adId) && !byId.has(answer.adId)) byId.set(answer.adId, answer);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
