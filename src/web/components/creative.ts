/**
 * Which creative a result shows, per format: an image; a video with its preview image as the
 * poster; a carousel's first card with how many cards it has; or nothing. The ad detail view and
 * the Database page's Creative thumbnail both ask here, so they never disagree.
 *
 * Only media links that pass isAdMediaUrl (http(s), or the demo catalogue's /demo-media/ images)
 * are ever used as a source: anything else counts as missing.
 */
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
  return trimmed && isAdMediaUrl(trimmed) ? trimmed : '';
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
