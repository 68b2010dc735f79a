/**
 * Archives one claimed task (docs/creatives.md#the-flow, step 3): fetch the ad's file through the
 * guarded fetcher (and a video's poster, or the poster alone when there is no file or the video is
 * over its cap), hash it, ask whether the user has it already, else upload it, request its grid
 * thumbnail and queue its detail thumbnail for when the worker is idle. A fetch or decoding failure goes to the server as `fail` with its retry class;
 * the run that stored the ad never hears of it.
 */
import { CREATIVE_FILES_PATH } from '../../domain/media/creative-files.ts';
import { THUMB_GRID } from '../../domain/media/creative-limits.ts';
import type { MediaTask } from '../../domain/media/media-contract.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import { MediaFetchError } from '../net/ssrf-guard.ts';
import type { FetchedFile, MediaFetcher } from './media-fetcher.ts';
import { imageFacts, sha256Hex, type ImageFacts } from './hashes.ts';
import type { MediaServer } from './media-api.ts';

export type TaskOutcome = 'archived' | 'known' | 'failed' | 'stopped';

export interface ArchiveDeps {
  server: MediaServer;
  fetcher: Pick<MediaFetcher, 'fetch'>;
  /** Requests one thumbnail of a stored file, so it exists before anyone views it. */
  warm(creative: string, fileName: string, thumb: string): Promise<void>;
  /** Queues the detail view's thumbnail of a stored file, requested when the worker is idle (idle-warmer.ts). */
  warmLater(creative: string, fileName: string): void;
  log(message: string): void;
}

async function decode(image: FetchedFile): Promise<ImageFacts> {
  try {
    return await imageFacts(image.bytes);
  } catch (error) {
    throw new MediaFetchError(`the ${image.mime} does not decode: ${messageOf(error)}`, 'type', false);
  }
}

/** The file and its poster, as far as the task's links and the limits allow. */
async function fetchFiles(
  task: MediaTask,
  fetcher: ArchiveDeps['fetcher'],
  signal: AbortSignal,
  log: ArchiveDeps['log'],
): Promise<{ file?: FetchedFile; poster?: FetchedFile }> {
  let file: FetchedFile | undefined;
  if (task.media_url) {
    try {
      file = await fetcher.fetch(task.media_url, 'media', signal);
    } catch (error) {
      // A video over MEDIA_VIDEO_MAX_MB: its poster alone is kept.
      const overCap = error instanceof MediaFetchError && error.kind === 'size' && error.mime === 'video/mp4';
      if (!overCap || !task.media_poster_url) throw error;
      log(`task ${task.id}: ${error.message}; keeping its poster only`);
    }
  }
  if (file && file.mime !== 'video/mp4') return { file };
  if (!task.media_poster_url) {
    throw new MediaFetchError(
      file ? 'a video without a poster link (its hash comes from the poster)' : 'the ad has no media link',
      'refused',
      false,
    );
  }
  const poster = await fetcher.fetch(task.media_poster_url, 'image', signal);
  return { ...(file ? { file } : {}), poster };
}

/**
 * Works `task` to its end. `signal` aborts when the worker stops or the task's lease is about to
 * end: then nothing more is sent for it but, on a stop, the hand-back (the pool's).
 */
export async function archiveTask(
  task: MediaTask,
  deps: ArchiveDeps,
  signal: AbortSignal,
): Promise<TaskOutcome> {
  const { server, log } = deps;
  let files: { file?: FetchedFile; poster?: FetchedFile };
  let facts: ImageFacts;
  try {
    files = await fetchFiles(task, deps.fetcher, signal, log);
    facts = await decode(files.poster ?? files.file!);
  } catch (error) {
    if (signal.aborted) return 'stopped';
    const retry = error instanceof MediaFetchError ? error.retry : false;
    const answer = await server.fail(task.id, messageOf(error), retry);
    log(
      `task ${task.id} (ad ${task.ad_id}) not archived: ${messageOf(error)} (${answer.status}${answer.next_attempt_at ? `, again after ${answer.next_attempt_at}` : ''})`,
    );
    return 'failed';
  }
  if (signal.aborted) return 'stopped';
  // The creative is the file; a video over its cap is its poster alone.
  const main = files.file ?? files.poster!;
  const sha256 = sha256Hex(main.bytes);
  const known = await server.known(task.id, sha256);
  if (known) return 'known';
  if (signal.aborted) return 'stopped';
  const stored = await server.upload(
    task.id,
    { sha256, phash: facts.phash, mime: main.mime, bytes: main.bytes.length, ...size(facts) },
    {
      ...(files.file ? { file: files.file } : {}),
      ...(files.poster ? { poster: files.poster } : {}),
    },
  );
  // The thumbnails of what shows: the image, or the video's poster (PocketBase makes none of a
  // video). The grid's now: every row and the offline prefetch show it; the detail view's, seen
  // for the ads a user opens and as costly again for the server, when this worker is idle, so
  // that it never slows a run (docs/benchmarks/archive.md).
  const shown = files.poster ? stored.poster : stored.file;
  if (shown) {
    await deps
      .warm(stored.creative, shown, THUMB_GRID)
      .catch((error: unknown) =>
        log(`creative ${stored.creative}: thumbnail ${THUMB_GRID} not made yet: ${messageOf(error)}`),
      );
    deps.warmLater(stored.creative, shown);
  }
  return 'archived';
}

const size = ({ width, height }: ImageFacts) => ({ width, height });

/** `warm` over plain HTTP: the files are public by their unguessable names (docs/creatives.md). */
export function thumbnailWarmer(serverUrl: string, timeoutMs = 30_000): ArchiveDeps['warm'] {
  return async (creative, fileName, thumb) => {
    const url = new URL(
      `${CREATIVE_FILES_PATH}${encodeURIComponent(creative)}/${encodeURIComponent(fileName)}`,
      serverUrl,
    );
    url.searchParams.set('thumb', thumb);
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  };
}
