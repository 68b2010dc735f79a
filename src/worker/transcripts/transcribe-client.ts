/**
 * The one call a transcript makes (docs/ai.md#transcripts): a multipart
 * `POST ${AI_BASE_URL}/audio/transcriptions` (fields `file`, `model`, `response_format`), the
 * OpenAI protocol, with AI_API_KEY as a Bearer token, once per attempt and TRANSCRIBE_TIMEOUT_MS
 * at most; the queue's backoff (src/hooks/ocr/transcripts.ts) is the only retry. The operator's
 * endpoint is trusted configuration: it does not go through the archive's private-address guard
 * (a model on the same machine is a usual local setup); the video comes from our own archive.
 * The key never appears in an error (the model's words are logged and stored with it taken out).
 */
import { TRANSCRIBE_MAX_BYTES, TRANSCRIPT_MAX } from '../../domain/tags/creative-text.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import { cleanText } from '../../domain/text/text.ts';
import type { TranscribeSettings } from '../config.ts';

/** A video of a few minutes takes OpenAI some seconds; a local model on a CPU far longer. */
export const TRANSCRIBE_TIMEOUT_MS = 120_000;

/** The model did not give a transcript; `retry` when a later attempt may. */
export class TranscribeError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** `text` with every occurrence of the key replaced. */
export function withoutKey(text: string, key: string): string {
  return key ? text.split(key).join('[key]') : text;
}

/** The transcript of `video` (an archived MP4), as the model heard it ('' when it heard no words). */
export async function transcribe(
  settings: TranscribeSettings,
  video: Uint8Array,
  signal: AbortSignal,
  timeoutMs = TRANSCRIBE_TIMEOUT_MS,
): Promise<string> {
  // the archive's guard is the claim's (too_large); this one keeps any other caller under the limit
  if (video.length > TRANSCRIBE_MAX_BYTES)
    throw new TranscribeError(`the video is over ${TRANSCRIBE_MAX_BYTES} bytes`, false);
  const form = new FormData();
  // a Blob takes an ArrayBuffer's view; a SharedArrayBuffer's (never ours) would be copied
  const bytes =
    video.buffer instanceof ArrayBuffer ? (video as Uint8Array<ArrayBuffer>) : new Uint8Array(video);
  form.append('file', new Blob([bytes], { type: 'video/mp4' }), 'creative.mp4');
  form.append('model', settings.model);
  form.append('response_format', 'json');
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.apiKey}` },
      body: form,
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new TranscribeError(
      withoutKey(`the model could not be reached: ${messageOf(error)}`, settings.apiKey),
      true,
    );
  }
  const raw = await response.text().catch(() => '');
  if (!response.ok) {
    // a rate limit or the server's own error may pass; a refused request (a bad key, model or
    // file) is tried again all the same, as the operator may fix the settings, but at most
    // TEXT_ATTEMPTS_MAX times
    throw new TranscribeError(
      withoutKey(`the model answered HTTP ${response.status}: ${raw.slice(0, 500)}`, settings.apiKey),
      true,
    );
  }
  let text: unknown;
  try {
    text = (JSON.parse(raw) as { text?: unknown }).text;
  } catch {
    text = undefined;
  }
  if (typeof text !== 'string')
    throw new TranscribeError(
      withoutKey(`the model answered no transcript: ${raw.slice(0, 200)}`, settings.apiKey),
      true,
    );
  // control characters out (the transcript is shown as text, and tagged), line breaks kept
  return cleanText(text, { maxLength: TRANSCRIPT_MAX, multiline: true });
}
