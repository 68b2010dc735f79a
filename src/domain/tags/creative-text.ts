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
