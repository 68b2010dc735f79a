/**
 * Which creative a result shows, per format: an image; a video with its preview image as the
 * poster; a carousel's first card with how many cards it has; or nothing. The ad detail view and
 * the Database page's Creative thumbnail both ask here, so they never disagree.
 *
 * An archived creative (docs/creatives.md) comes first: its files never expire. The source link is
 * the fallback, then the "Media unavailable" tile.
 *
 * Only media links that pass isAdMediaUrl (http(s), or the demo catalogue's /demo-media/ images)
 * are ever used as a source, and of those only https: and our own paths: the page's
 * Content-Security-Policy (src/hooks/site/security-headers.ts) refuses plain http: media, so
 * such a link would be a broken image and a console error. Anything else counts as missing.
 */
import { THUMB_DETAIL, THUMB_GRID } from '../../domain/media/creative-limits.ts';
import {
  creativeFileUrl,
  creativeThumbUrl,
  isVideoCreative,
  type CreativeFiles,
} from '../../domain/media/creative-files.ts';
import type { SearchResult } from '../../domain/records/entities.ts';
import { isAdMediaUrl } from '../../domain/text/url.ts';

export type Creative =
  | { kind: 'none' }
  | {
      kind: 'image';
      src: string;
      /** Cards of a carousel (or images of a multi-image ad) when more than one; else 0. */
      cards: number;
      /** A video ad of which only the preview image is known (no video file to play). */
      videoPreview: boolean;
    }
  | {
      kind: 'video';
      src: string;
      /** The video's preview image, or '' when the source gave none. */
      poster: string;
      cards: number;
    };

/** What a row needs for its creative; rows synced before these fields existed lack some. */
export type CreativeSource = Partial<
  Pick<SearchResult, 'format' | 'media_url' | 'media_poster_url' | 'card_count'>
>;

/** Formats whose cards are a set to browse (DCO cards are versions of one ad, not a carousel). */
const CAROUSEL_FORMATS = new Set(['CAROUSEL', 'DPA', 'MULTI_IMAGES']);
const VIDEO_FILE = /\.(?:mp4|m4v|mov|webm|ogv)(?:[?#]|$)/i;
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i;

function mediaLink(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  return trimmed && isAdMediaUrl(trimmed) && !/^http:/i.test(trimmed) ? trimmed : '';
}

/**
 * The creative of a row. A video is a media link with a poster (the normalizer sets one only for
 * videos), a video file name, or any non-image link of a VIDEO ad; a VIDEO ad whose only media
 * is an image shows that image as a preview.
 */
export function chooseCreative(row: CreativeSource): Creative {
  const src = mediaLink(row.media_url);
  const poster = mediaLink(row.media_poster_url);
  const format = typeof row.format === 'string' ? row.format.trim().toUpperCase() : '';
  const count = typeof row.card_count === 'number' && Number.isInteger(row.card_count) ? row.card_count : 0;
  const cards = CAROUSEL_FORMATS.has(format) && count > 1 ? count : 0;
  if (!src) {
    return poster
      ? { kind: 'image', src: poster, cards, videoPreview: format === 'VIDEO' }
      : { kind: 'none' };
  }
  const isVideo =
    (poster !== '' && poster !== src) ||
    VIDEO_FILE.test(src) ||
    (format === 'VIDEO' && !IMAGE_FILE.test(src));
  if (isVideo) return { kind: 'video', src, poster: poster === src ? '' : poster, cards };
  return { kind: 'image', src, cards, videoPreview: format === 'VIDEO' };
}

/** The still a thumbnail shows: the image, or a video's poster; null when there is none. */
export function creativeStill(creative: Creative): string | null {
  if (creative.kind === 'image') return creative.src;
  if (creative.kind === 'video') return creative.poster || null;
  return null;
}

/**
 * The grid's thumbnail: the archived creative's `THUMB_GRID` thumbnail, else the source link's
 * still, else null (the cell's empty tile). `archived` is the row's creative, when stored here.
 */
export function gridThumbnail(row: CreativeSource, archived: CreativeFiles | undefined): string | null {
  const thumb = archived ? creativeThumbUrl(archived, THUMB_GRID) : null;
  return thumb ?? creativeStill(chooseCreative(row));
}

/** Whether the grid's thumbnail stands for a video (the cell adds a play mark). */
export function showsVideo(row: CreativeSource, archived: CreativeFiles | undefined): boolean {
  return archived ? isVideoCreative(archived) : chooseCreative(row).kind === 'video';
}

/** One way to show the creative in the detail view. */
export interface DetailMedia {
  kind: 'image' | 'video';
  src: string;
  /** A video's preview image, or ''. */
  poster: string;
}

/**
 * What the detail view tries, in order: the archived creative (its `THUMB_DETAIL` image; a video
 * plays the archived file, loaded on demand, over its poster's thumbnail), then the source link
 * (not offline: it could not load). Nothing left means the "Media unavailable" tile.
 */
export function detailMedia(
  row: CreativeSource,
  archived: CreativeFiles | undefined,
  offline: boolean,
): DetailMedia[] {
  const out: DetailMedia[] = [];
  if (archived) {
    const file = creativeFileUrl(archived);
    const still = creativeThumbUrl(archived, THUMB_DETAIL);
    // Offline a video cannot play (full files are not kept on the device): its poster's
    // thumbnail, which is, stands in for it; online the poster is the video's fallback.
    if (isVideoCreative(archived) && file && !offline)
      out.push({ kind: 'video', src: file, poster: still ?? '' });
    if (still) out.push({ kind: 'image', src: still, poster: '' });
  }
  const source = chooseCreative(row);
  if (!offline && source.kind === 'image') out.push({ kind: 'image', src: source.src, poster: '' });
  if (!offline && source.kind === 'video')
    out.push({ kind: 'video', src: source.src, poster: source.poster });
  return out;
}
