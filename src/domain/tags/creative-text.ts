/**
 * The text read on a creative (docs/ai.md#the-text-on-a-creative): its limits and states, shared by
 * the worker that reads it, the server that stores it and the app that shows it.
 */

/** At most this many characters of a creative's text are kept. */
export const CREATIVE_TEXT_MAX = 2000;

/**
 * `text_status` of a creative: `pending` until it is read (queued when archived); `read` when text
 * was found; `none` when the image holds no text; `unreadable` when it could not be read for good.
 */
export const TEXT_STATUSES = ['pending', 'read', 'none', 'unreadable'] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

/** Confidence (0–100, tesseract's mean word confidence) in words, for the detail view. */
export function confidenceInWords(confidence: number): string {
  if (confidence >= 85) return 'High';
  if (confidence >= 65) return 'Medium';
  return 'Low';
}

/**
 * A video's transcript (docs/ai.md#transcripts): at most this many characters are kept. Speech
 * runs at about 900 characters a minute, so a 25 MB video's few minutes fit.
 */
export const TRANSCRIPT_MAX = 10_000;

/**
 * `transcript_status` of a creative: '' when no transcript was queued (an image, or transcripts
 * off); `pending` until the model answers; `read` with a transcript; `none` when the model heard
 * no words; `too_large` for a video over TRANSCRIBE_MAX_BYTES (never sent); `failed` when the
 * model failed after the retries, or the video could not be had.
 */
export const TRANSCRIPT_STATUSES = ['pending', 'read', 'none', 'too_large', 'failed'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/** OpenAI's limit for an upload to /audio/transcriptions (25 MB): a larger video is not sent. */
export const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;
