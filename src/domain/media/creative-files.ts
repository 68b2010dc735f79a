/**
 * Where an archived creative's files are served (docs/creatives.md) and how the browser keeps
 * them for offline review (docs/local-first.md#offline-creatives): the service worker's runtime
 * cache (vite.config.ts) and the app's own prefetch write into the same cache, bounded the same.
 */
import type { ArchivedCreative } from '../records/entities.ts';
import { COLLECTIONS } from '../api/collections.ts';
import type { THUMB_DETAIL, THUMB_GRID } from './creative-limits.ts';

/** PocketBase serves a record's files at /api/files/{collection}/{id}/{name} (not protected). */
export const CREATIVE_FILES_PATH = `/api/files/${COLLECTIONS.creatives}/`;

/** The Cache Storage cache of creative files (the service worker's and the prefetch's). */
export const CREATIVES_CACHE_NAME = 'adscout-creatives';
/** At most this many files are cached; the least recently used go first. */
export const CREATIVES_CACHE_MAX_ENTRIES = 3000;
/** After a sync: the grid thumbnails of the newest ads' creatives… */
export const PREFETCH_THUMBS = 2000;
/** …and, with "Thumbnails and images", the detail images of fewer of them. */
export const PREFETCH_IMAGES = 300;

export type CreativeFiles = Pick<ArchivedCreative, 'id' | 'file' | 'poster' | 'mime'>;

function fileUrl(creative: CreativeFiles, name: string): string {
  return `${CREATIVE_FILES_PATH}${encodeURIComponent(creative.id)}/${encodeURIComponent(name)}`;
}

export function isVideoCreative(creative: CreativeFiles): boolean {
  return creative.mime.startsWith('video/');
}

/** The archived file itself (the image or the video), full size. */
export function creativeFileUrl(creative: CreativeFiles): string | null {
  return creative.file ? fileUrl(creative, creative.file) : null;
}

/**
 * A thumbnail of the creative's still (the image, or a video's poster): `THUMB_GRID` or
 * `THUMB_DETAIL`. null when there is no still (a video archived without a poster).
 */
export function creativeThumbUrl(
  creative: CreativeFiles,
  size: typeof THUMB_GRID | typeof THUMB_DETAIL,
): string | null {
  const still = isVideoCreative(creative) ? creative.poster : creative.file;
  return still ? `${fileUrl(creative, still)}?thumb=${size}` : null;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
};

/** The name a downloaded creative gets: the ad's Library ID (else the creative's id) and its type's extension. */
export function creativeDownloadName(creative: CreativeFiles, adId: string): string {
  const base = (adId.replace(/[^0-9A-Za-z_-]/g, '') || creative.id).slice(0, 80);
  const extension = EXTENSIONS[creative.mime] ?? /\.([0-9a-z]{2,5})$/i.exec(creative.file)?.[1] ?? 'bin';
  return `ad-${base}.${extension.toLowerCase()}`;
}
