/**
 * Reads one claimed creative (docs/ai.md#the-text-on-a-creative): its image from this server,
 * the OCR child's reading, the tags of the text (src/domain/tags/tag-rules.ts tagsOfText), stored
 * through `read`. A failure goes to the server as `fail` with whether trying again can help.
 */
import { IMAGE_MAX_BYTES } from '../../domain/media/creative-limits.ts';
import type { TextTask } from '../../domain/tags/text-contract.ts';
import type { TagLanguage } from '../../domain/tags/vocabulary.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import type { OcrReading } from './ocr-engine.ts';
import { OcrError, OcrStoppedError } from './ocr-process.ts';
import type { TextServer } from './text-api.ts';

export type TextOutcome = 'read' | 'failed' | 'stopped';

/** The image cannot be had; `retry` when a later try may get it. */
export class ImageFetchError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export interface TextDeps {
  server: Pick<TextServer, 'read' | 'fail'>;
  /** The OCR child (ocr-process.ts), or any reader of the same shape. */
  read(image: Uint8Array, languages: readonly TagLanguage[], signal: AbortSignal): Promise<OcrReading>;
  /** The image at a path of this server (serverImageFetcher). */
  fetchImage(path: string, signal: AbortSignal): Promise<Uint8Array>;
  /** The tags of a text (tagsOfText). */
  tagsOf(text: string, language: TagLanguage | null): string[];
  log(message: string): void;
}

/** The file is over the fetcher's limit: for good (the transcripts' `too_large`). */
export class FileTooLargeError extends ImageFetchError {
  constructor(message: string) {
    super(message, false);
  }
}

/**
 * Fetches a creative's file from the server the worker talks to (ADSCOUT_PB_URL). The path is
 * the claim's, a file of this server's creatives (never a link an ad or a user gave: those go
 * through the archive's guarded fetcher, src/worker/media/media-fetcher.ts); at most `maxBytes`
 * are read (a larger file fails with FileTooLargeError before more is read).
 */
export function serverFileFetcher(
  serverUrl: string,
  maxBytes: number,
  timeoutMs = 30_000,
): (path: string, signal: AbortSignal) => Promise<Uint8Array> {
  return async (path, signal) => {
    if (!path.startsWith('/')) throw new ImageFetchError(`not a path of this server: ${path}`, false);
    const tooLarge = () => new FileTooLargeError(`the file is over ${maxBytes} bytes`);
    let response: Response;
    try {
      response = await fetch(new URL(path, serverUrl), {
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (error) {
      throw new ImageFetchError(`the file could not be fetched: ${messageOf(error)}`, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      // gone (the creative was deleted meanwhile) is for good; a server error may pass
      throw new ImageFetchError(`the file answered HTTP ${response.status}`, response.status >= 500);
    }
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body?.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge();
        chunks.push(chunk);
      }
    } catch (error) {
      await response.body?.cancel().catch(() => undefined);
      if (error instanceof FileTooLargeError) throw error;
      throw new ImageFetchError(`the file could not be read: ${messageOf(error)}`, true);
    }
    return Buffer.concat(chunks, size);
  };
}

/** A creative's image (a file or a video's poster), capped at the archive's image limit. */
export function serverImageFetcher(serverUrl: string, timeoutMs = 30_000) {
  return serverFileFetcher(serverUrl, IMAGE_MAX_BYTES, timeoutMs);
}

/**
 * Works `task` to its end. `signal` aborts when the worker stops or the task's lease is about to
 * end: then the reading is stopped and nothing more is sent for it (the pool hands it back).
 */
export async function textTask(task: TextTask, deps: TextDeps, signal: AbortSignal): Promise<TextOutcome> {
  const { server, log } = deps;
  let reading: OcrReading;
  try {
    if (!task.image)
      throw new ImageFetchError('the creative has no image to read (a video without a poster)', false);
    const image = await deps.fetchImage(task.image, signal);
    if (signal.aborted) return 'stopped';
    reading = await deps.read(image, task.languages, signal);
  } catch (error) {
    if (signal.aborted || error instanceof OcrStoppedError) return 'stopped';
    const retry = error instanceof ImageFetchError || error instanceof OcrError ? error.retry : true;
    const answer = await server.fail(task.id, messageOf(error), retry);
    log(
      `text task ${task.id} (creative ${task.creative}) not read: ${messageOf(error)} (${answer.status}${answer.next_attempt_at ? `, again after ${answer.next_attempt_at}` : ''})`,
    );
    return 'failed';
  }
  if (signal.aborted) return 'stopped';
  const tags = reading.text ? deps.tagsOf(reading.text, reading.language) : [];
  await server.read(task.id, {
    text: reading.text,
    confidence: reading.confidence,
    language: reading.language,
    tags,
  });
  return 'read';
}
