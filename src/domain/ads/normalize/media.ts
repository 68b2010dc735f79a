/**
 * The creative's format and media: the file a row shows (video, else image), the video's poster,
 * and how many cards a carousel has. Media links are http(s) or one of the demo catalogue's own
 * image paths (url.ts, isAdMediaUrl); anything else reads as none.
 */
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import { isAdMediaUrl } from '../../text/url.ts';
import { creativeField, type ItemShape } from './item-shapes.ts';
import { arrayOrEmpty, firstOrSelf, firstPresent, readField } from './raw-access.ts';

export interface CreativeMedia {
  media_url: string;
  media_poster_url: string;
  card_count: number;
}

/** Display format as the Library names it, else inferred from the media the ad carries. */
export function formatOf(shape: ItemShape): string {
  const { creative, cards, firstCard } = shape;
  const displayFormat = creativeField(shape, 'display_format');
  const named = typeof displayFormat === 'string' ? displayFormat.trim().toUpperCase() : '';
  if (/^[A-Z_]{1,50}$/.test(named)) return named;
  if (arrayOrEmpty(readField(creative, 'videos')).length > 0) return 'VIDEO';
  if (cards.length > 1) return 'CAROUSEL';
  if (arrayOrEmpty(readField(creative, 'images')).length > 0) return 'IMAGE';
  if (firstPresent(readField(firstCard, 'video_hd_url'), readField(firstCard, 'video_sd_url')))
    return 'VIDEO';
  if (firstPresent(readField(firstCard, 'original_image_url'), readField(firstCard, 'resized_image_url')))
    return 'IMAGE';
  return '';
}

/** A media link that fits its column, else ''. */
function mediaLink(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  return url.length <= maxLength && isAdMediaUrl(url) ? url : '';
}

const VIDEO_FIELDS = ['video_hd_url', 'video_sd_url'];
const IMAGE_FIELDS = ['original_image_url', 'resized_image_url', 'video_preview_image_url'];

/**
 * A video when the ad has one (with that video's preview image as its poster), else its image; a
 * carousel's come from its first card. `card_count` counts the cards (or the images of a
 * multi-image ad) when there is more than one file to show.
 */
export function creativeMediaOf(shape: ItemShape): CreativeMedia {
  const { creative, cards } = shape;
  const images = arrayOrEmpty(readField(creative, 'images'));
  const holders = [
    firstOrSelf(readField(creative, 'videos')),
    images[0],
    cards[0],
    firstOrSelf(readField(creative, 'extra_videos')),
    firstOrSelf(readField(creative, 'extra_images')),
  ];
  const cardCount = cards.length > 0 ? cards.length : images.length > 1 ? images.length : 0;
  for (const name of VIDEO_FIELDS) {
    for (const holder of holders) {
      const video = mediaLink(readField(holder, name), AD_TEXT_CAPS.media_url);
      if (!video) continue;
      const poster = mediaLink(readField(holder, 'video_preview_image_url'), AD_TEXT_CAPS.media_poster_url);
      return { media_url: video, media_poster_url: poster, card_count: cardCount };
    }
  }
  for (const name of IMAGE_FIELDS) {
    for (const holder of holders) {
      const image = mediaLink(readField(holder, name), AD_TEXT_CAPS.media_url);
      if (image) return { media_url: image, media_poster_url: '', card_count: cardCount };
    }
  }
  return { media_url: '', media_poster_url: '', card_count: cardCount };
}
