/**
 * Transcribes one claimed video (docs/ai.md#transcripts): the video from this server (at most
 * TRANSCRIBE_MAX_BYTES read), the operator's model's transcript (transcribe-client.ts), its tags
 * (tagsOfText), stored through `store`. A video over the limit is never sent: `too_large`. A
 * failure goes to the server as `fail` with whether trying again can help.
 */
import { TRANSCRIBE_MAX_BYTES } from '../../domain/tags/creative-text.ts';
import type { TranscriptTask } from '../../domain/tags/transcript-contract.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import { FileTooLargeError, ImageFetchError } from '../ocr/text-task.ts';
import { TranscribeError } from './transcribe-client.ts';
import type { TranscriptServer } from './transcript-api.ts';

export type TranscriptOutcome = 'read' | 'too_large' | 'failed' | 'stopped';

export interface TranscriptDeps {
  server: Pick<TranscriptServer, 'store' | 'fail'>;
  /** The video at a path of this server, at most TRANSCRIBE_MAX_BYTES (serverFileFetcher). */
  fetchVideo(path: string, signal: AbortSignal): Promise<Uint8Array>;
  /** The model's transcript (transcribe). */
  transcribe(video: Uint8Array, signal: AbortSignal): Promise<string>;
  /** The tags of a text (tagsOfText). */
  tagsOf(text: string): string[];
  log(message: string): void;
}

export async function transcriptTask(
  task: TranscriptTask,
  deps: TranscriptDeps,
  signal: AbortSignal,
): Promise<TranscriptOutcome> {
  const { server, log } = deps;
  let text: string;
  try {
    if (task.bytes > TRANSCRIBE_MAX_BYTES)
      throw new FileTooLargeError(`the video is ${task.bytes} bytes, over ${TRANSCRIBE_MAX_BYTES}`);
    const video = await deps.fetchVideo(task.video, signal);
    if (signal.aborted) return 'stopped';
    text = await deps.transcribe(video, signal);
  } catch (error) {
    if (signal.aborted) return 'stopped';
    const tooLarge = error instanceof FileTooLargeError;
    const retry = error instanceof ImageFetchError || error instanceof TranscribeError ? error.retry : true;
    const answer = await server.fail(task.id, messageOf(error), retry, tooLarge);
    log(
      `transcript task ${task.id} (creative ${task.creative}) not transcribed: ${messageOf(error)} (${answer.status}${answer.next_attempt_at ? `, again after ${answer.next_attempt_at}` : ''})`,
    );
    return tooLarge ? 'too_large' : 'failed';
  }
  if (signal.aborted) return 'stopped';
  await server.store(task.id, { text, tags: text ? deps.tagsOf(text) : [] });
  return 'read';
}
