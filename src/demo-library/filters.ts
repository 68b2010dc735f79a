/**
 * The Ad Library link's filters, applied to the demo catalogue: active status, media type,
 * platforms and start dates. Content languages and the ad type are not filtered: the demo ads
 * are all English-language commercial ads.
 */
import type { SourceQuery } from '../domain/ads/source-query.ts';

const IMAGE_FORMATS: ReadonlySet<string> = new Set(['IMAGE', 'MULTI_IMAGES', 'CAROUSEL', 'DPA', 'DCO']);

export function matchesQuery(item: Record<string, unknown>, query: SourceQuery): boolean {
  if (query.activeStatus === 'active' && item.is_active !== true) return false;
  if (query.activeStatus === 'inactive' && item.is_active !== false) return false;
  const format = String((item.snapshot as { display_format?: string }).display_format);
  switch (query.mediaType) {
    case 'image':
    case 'meme':
    case 'image_and_meme':
      if (!IMAGE_FORMATS.has(format)) return false;
      break;
    case 'video':
      if (format !== 'VIDEO') return false;
      break;
    case 'none':
      return false; // every demo ad has an image or a video
  }
  if (query.platforms.length > 0) {
    const wanted = new Set(query.platforms.map((p) => p.toUpperCase()));
    if (!(item.publisher_platform as string[]).some((p) => wanted.has(p))) return false;
  }
  const startDay = new Date((item.start_date as number) * 1000).toISOString().slice(0, 10);
  if (query.startDateMin && startDay < query.startDateMin) return false;
  if (query.startDateMax && startDay > query.startDateMax) return false;
  return true;
}
