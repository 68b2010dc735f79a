/**
 * The creative archive's facts that the migration, the hooks, the worker and the web app share
 * (docs/creatives.md): the thumbnail sizes, the file limits and the retry window (the collections
 * are src/domain/api/collections.ts).
 */

/** The grid's thumbnail (PocketBase's `WxH` crop) and the detail view's (`Wx0`: width, keep ratio). */
export const THUMB_GRID = '100x100';
export const THUMB_DETAIL = '400x0';
export const CREATIVE_THUMBS = [THUMB_GRID, THUMB_DETAIL] as const;

const MB = 1024 * 1024;
/** The largest image archived (a file or a video's poster). */
export const IMAGE_MAX_BYTES = 15 * MB;
/** MEDIA_VIDEO_MAX_MB's default, and the most it may be (the `file` field's maxSize). */
export const VIDEO_MAX_MB_DEFAULT = 50;
export const VIDEO_MAX_MB_CEILING = 200;
export const CREATIVE_FILE_MAX_BYTES = VIDEO_MAX_MB_CEILING * MB;
/** The upload route's own body limit (src/domain/api/routes.ts): the largest file, its poster, and the form's text. */
export const CREATIVE_UPLOAD_MAX_BYTES = CREATIVE_FILE_MAX_BYTES + IMAGE_MAX_BYTES + MB;

/** What is archived, told by magic bytes (never by the server's Content-Type or the link). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4'] as const;
export const CREATIVE_MIME_TYPES = [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES] as const;
export type CreativeMime = (typeof CREATIVE_MIME_TYPES)[number];

/** One fetch of one file, redirects included. */
export const MEDIA_FETCH_TIMEOUT_MS = 30_000;
export const MEDIA_MAX_REDIRECTS = 3;
/** Files fetched at once per worker (MEDIA_CONCURRENCY's default). */
export const MEDIA_CONCURRENCY_DEFAULT = 8;

/**
 * A failed fetch is retried while the link may still be valid: for this long after the ad was
 * stored, backing off (MEDIA_RETRY_DELAYS_SECONDS, the last repeated).
 */
export const MEDIA_RETRY_WINDOW_HOURS = 24;
export const MEDIA_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200] as const;

/** A perceptual hash: 64 bits as 16 lowercase hex characters. */
export const PHASH_PATTERN = /^[0-9a-f]{16}$/;
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;
