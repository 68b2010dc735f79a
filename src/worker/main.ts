/**
 * The scout worker process: signs in with the workers' account (the `workers` collection, which
 * may call the lease routes and nothing else; never a superuser), then claims working runs and
 * scouts up to SCOUT_CONCURRENCY of them at once (src/worker/loop.ts, job.ts) until
 * SIGINT/SIGTERM. Beside the runs, the archive pool keeps up to MEDIA_CONCURRENCY creatives at
 * once (src/worker/media/, docs/creatives.md), the report pool computes up to REPORT_CONCURRENCY
 * watch runs' reports (src/worker/reports/, docs/reports.md), and the push pool sends up to
 * PUSH_CONCURRENCY pushes at once (src/worker/push/, docs/push.md), and the text reader reads up
 * to OCR_CONCURRENCY creatives' text at once in child processes, when nothing else is in progress
 * (src/worker/ocr/, docs/ai.md#the-text-on-a-creative). The runs and tasks in progress
 * at shutdown are handed back at once so another worker (or the next start) resumes them.
 * `--self-check` only proves the archive's image library loads and the OCR child reads (the
 * compiled worker's test).
 */
import { setMaxListeners } from 'node:events';
import { EventSource } from 'eventsource';
import PocketBase, { getTokenPayload } from 'pocketbase';
import { normalizeAd } from '../domain/ads/normalize/normalize-ad.ts';
import { THUMB_DETAIL } from '../domain/media/creative-limits.ts';
import { COLLECTIONS } from '../domain/api/collections.ts';
import { TRANSCRIBE_MAX_BYTES } from '../domain/tags/creative-text.ts';
import { tagsOfText } from '../domain/tags/tag-rules.ts';
import { WORK_TOPIC, type ClaimedRun } from '../domain/runs/lease-contract.ts';
import { messageOf } from '../domain/text/error-message.ts';
import { workerServer } from './api.ts';
import { describeSourceSettings, readWorkerConfig, type WorkerConfig } from './config.ts';
import { runJob } from './job.ts';
import { createWaker, workLoop } from './loop.ts';
import { archivePool } from './media/archive-pool.ts';
import { archiveTask, thumbnailWarmer } from './media/archive-task.ts';
import { createMediaFetcher } from './media/media-fetcher.ts';
import { idleWarmer } from './media/idle-warmer.ts';
import { mediaServer } from './media/media-api.ts';
import { selfCheck } from './media/self-check.ts';
import { ocrProcessPool } from './ocr/ocr-process.ts';
import { textServer } from './ocr/text-api.ts';
import { textPool } from './ocr/text-pool.ts';
import { serverFileFetcher, serverImageFetcher, textTask } from './ocr/text-task.ts';
import { transcribe } from './transcripts/transcribe-client.ts';
import { transcriptServer } from './transcripts/transcript-api.ts';
import { transcriptTask } from './transcripts/transcript-task.ts';
import { reportServer } from './reports/report-api.ts';
import { reportTask } from './reports/report-task.ts';
import { pushServer } from './push/push-api.ts';
import { fetchVapidKeys, pushPool } from './push/push-pool.ts';
import { createPushSender } from './push/push-sender.ts';
import { buildSourceQueries, runKeywords } from './query.ts';
import { keepSession, signInWithRetries } from './sign-in.ts';
import { rowTags } from './tags/row-tags.ts';
import { tagServer } from './tags/tag-api.ts';
import { tagBackfill } from './tags/tag-backfill.ts';
import { createSource } from './sources/index.ts';
import { taskPool } from './task-pool.ts';

// Node has no EventSource; the SDK's realtime client needs one to hear about new runs.
(globalThis as { EventSource?: unknown }).EventSource ??= EventSource;

// The OCR children's module: beside the built worker (scripts/build-worker.mjs), or the source
// through tsx (the worker's own execArgv) in development.
/** Videos sent to the transcription model at once: the model's work, one upload of up to 25 MB at a time. */
const TRANSCRIBE_CONCURRENCY = 1;

const ocrChild = new URL(
  import.meta.url.endsWith('.ts') ? './ocr/ocr-child.ts' : './ocr-child.mjs',
  import.meta.url,
);

if (process.argv.includes('--self-check')) {
  await selfCheck(ocrChild).then(
    (message) => {
      console.log(`[worker] self-check: ${message}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`[worker] self-check failed: ${messageOf(error)}`);
      process.exit(1);
    },
  );
}

const config = readConfigOrExit();

/** The settings, or exit 1 with the reason in one line (a missing account, a bad value). */
function readConfigOrExit(): WorkerConfig {
  try {
    return readWorkerConfig();
  } catch (error) {
    console.error(`[worker] failed: ${messageOf(error)}`);
    process.exit(1);
  }
}

function log(message: string): void {
  console.log(`[worker ${config.name}] ${message}`);
}

function signIn(pb: PocketBase): Promise<void> {
  return signInWithRetries(() =>
    pb.collection(COLLECTIONS.workers).authWithPassword(config.email, config.password),
  );
}

/** Renews the session ahead of its end: a token refresh, or signing in again. */
function keepSignedIn(pb: PocketBase) {
  return keepSession({
    expiresAt: () => (Number(getTokenPayload(pb.authStore.token).exp) || 0) * 1000,
    renew: () =>
      pb
        .collection(COLLECTIONS.workers)
        .authRefresh()
        .then(
          () => undefined,
          () => signIn(pb),
        ),
    log,
  });
}

async function main(): Promise<void> {
  const source = createSource(config, fetch, { log });
  const pb = new PocketBase(config.pbUrl);
  pb.autoCancellation(false);
  await signIn(pb);
  const session = keepSignedIn(pb);
  const server = workerServer(pb, config.name);

  const media = config.media;
  const fetcher = createMediaFetcher({
    serverUrl: config.pbUrl,
    allow: media.fetchAllow,
    videoMaxBytes: media.videoMaxMb * 1024 * 1024,
  });
  const mediaApi = mediaServer(pb, config.name);
  const warm = thumbnailWarmer(config.pbUrl);
  const reportApi = reportServer(pb, config.name);
  const pushApi = pushServer(pb, config.name);
  const tagApi = tagServer(pb, config.name);
  const textApi = textServer(pb, config.name);
  const transcriptApi = transcriptServer(pb, config.name);
  const ocr = ocrProcessPool(config.ocrConcurrency, { entry: ocrChild, log });
  const pushSender = createPushSender({ allow: media.fetchAllow });

  // The server says on WORK_TOPIC when a run waits to be claimed (one created, or back in the
  // queue after a release or the sweep); the message holds nothing else (src/hooks/runs/workers.ts).
  // New media tasks come with a run's rows: the archive looks after each of its own writes, on
  // that same message, and at its idle poll (another worker's writes); a report task comes with
  // a watch run's finish, this worker's or another's (its idle poll).
  // Pushes are queued when a run settles (or a report has news); the server sends the same
  // message once that transaction committed.
  const wake = createWaker();
  const mediaWake = createWaker();
  const reportWake = createWaker();
  const pushWake = createWaker();
  const textWake = createWaker();
  const transcriptWake = createWaker();
  await pb.realtime
    .subscribe(WORK_TOPIC, () => {
      wake.fire();
      mediaWake.fire();
      textWake.fire();
      transcriptWake.fire();
      reportWake.fire();
      pushWake.fire();
    })
    .catch((error: unknown) => log(`realtime unavailable, polling only: ${String(error)}`));
  const api: typeof server = {
    ...server,
    async writeResults(runId, rows, libraryTotal) {
      const answer = await server.writeResults(runId, rows, libraryTotal);
      mediaWake.fire();
      return answer;
    },
    async finish(runId, outcome) {
      await server.finish(runId, outcome);
      reportWake.fire();
    },
  };

  const shutdown = new AbortController();
  // Every run and media task in progress listens for the stop: as many listeners as those, not a leak.
  setMaxListeners(
    config.concurrency +
      media.concurrency +
      config.reports.concurrency +
      config.pushConcurrency +
      config.ocrConcurrency +
      TRANSCRIBE_CONCURRENCY +
      10,
    shutdown.signal,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`received ${signal}, stopping`);
      shutdown.abort(new Error(signal));
    });
  }

  // The first worker's key offer is kept (and the server says so) before this worker's ready line,
  // which npm start's banner follows: not in the quiet after it. A failure is asked again by the pool.
  const pushKeys =
    config.pushConcurrency > 0
      ? await fetchVapidKeys(pushApi).catch((error: unknown) => {
          log(`push keys not fetched yet (${messageOf(error)}), asking again when sending`);
          return null;
        })
      : null;
  log(
    `ready: signed in to ${config.pbUrl} as ${config.email}, up to ${config.concurrency} runs at once, source ${describeSourceSettings(config)}, ${media.concurrency ? `archiving up to ${media.concurrency} creatives at once` : 'creative archive off (MEDIA_CONCURRENCY=0)'}, ${config.ocrConcurrency ? `reading up to ${config.ocrConcurrency} creatives' text at once` : 'text reading off (OCR_CONCURRENCY=0)'}, ${config.transcribe ? `transcribing videos with ${config.transcribe.model} at ${config.transcribe.baseUrl}` : 'transcripts off (AI_TRANSCRIBE_MODEL is not set)'}, ${config.reports.concurrency ? `reports up to ${config.reports.concurrency} at once` : 'reports off (REPORT_CONCURRENCY=0)'}, ${config.pushConcurrency ? `sending up to ${config.pushConcurrency} pushes at once` : 'push sending off (PUSH_CONCURRENCY=0)'}`,
  );
  // The detail thumbnails wait for a moment with no run and no archive task in progress here.
  let inProgress = 0;
  const detailThumbs = idleWarmer({
    warm: (creative, fileName) => warm(creative, fileName, THUMB_DETAIL),
    busy: () => inProgress > 0,
    recheckMs: config.idlePollMs,
    log,
    signal: shutdown.signal,
  });
  // The rows stored before tags are tagged in the same gaps (docs/ai.md#the-backfill).
  const tagRows = tagBackfill({
    server: tagApi,
    busy: () => inProgress > 0,
    recheckMs: config.idlePollMs,
    log,
    signal: shutdown.signal,
  });
  // The text reader's pool claims when that changes (and a creative archived meanwhile is read).
  const loadChanged = createWaker();
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inProgress += 1;
    detailThumbs.poke();
    tagRows.poke();
    loadChanged.fire();
    try {
      return await work();
    } finally {
      inProgress -= 1;
      detailThumbs.poke();
      tagRows.poke();
      loadChanged.fire();
      textWake.fire();
      transcriptWake.fire();
    }
  };
  const runs = workLoop({
    server,
    signal: shutdown.signal,
    idlePollMs: config.idlePollMs,
    concurrency: config.concurrency,
    wake,
    log,
    work: (run) => counted(() => workRun(run)),
  });
  async function workRun(run: ClaimedRun): Promise<void> {
    const keywords = runKeywords(run);
    const outcome = await runJob(run, {
      api,
      source,
      buildQueries: buildSourceQueries,
      normalize: (raw) => {
        const outcome = normalizeAd(raw, { keywords, country: run.target_country, now: Date.now() });
        // every row goes with the tags of its copy (docs/ai.md#tags)
        return outcome.ok ? { ok: true, ad: { ...outcome.ad, tags: rowTags(outcome.ad) } } : outcome;
      },
      heartbeatMs: config.heartbeatMs,
      log,
      signal: shutdown.signal,
    });
    // Stopping: hand the run back at once, so another worker (or the next start) resumes it
    // without waiting for the lease to expire.
    if (outcome === 'abandoned' && shutdown.signal.aborted) {
      await server.release(run.id);
      log(`handed back run ${run.id} for resumption`);
    }
  }
  const archive =
    media.concurrency > 0
      ? archivePool({
          server: mediaApi,
          work: (task, signal) =>
            counted(() =>
              archiveTask(
                task,
                { server: mediaApi, fetcher, warm, warmLater: detailThumbs.add, log },
                signal,
              ),
            ),
          concurrency: media.concurrency,
          wake: mediaWake,
          idlePollMs: config.idlePollMs,
          log,
          signal: shutdown.signal,
        })
      : undefined;
  const reports =
    config.reports.concurrency > 0
      ? taskPool({
          label: 'report task',
          server: reportApi,
          work: (task, signal) =>
            counted(() =>
              reportTask(
                task,
                {
                  server: reportApi,
                  lookup: source.lookup,
                  buildQueries: buildSourceQueries,
                  lookupTimeoutMs: config.reports.lookupTimeoutMs,
                  log,
                },
                signal,
              ),
            ),
          concurrency: config.reports.concurrency,
          wake: reportWake,
          idlePollMs: config.idlePollMs,
          log,
          signal: shutdown.signal,
        })
      : undefined;
  const pushes =
    config.pushConcurrency > 0
      ? pushPool({
          server: pushApi,
          sender: pushSender,
          concurrency: config.pushConcurrency,
          wake: pushWake,
          idlePollMs: config.idlePollMs,
          log,
          signal: shutdown.signal,
          keys: pushKeys,
        })
      : undefined;
  // The creatives' text, read while this worker has no run and no archive task in progress
  // (docs/ai.md#the-text-on-a-creative), in OCR child processes at the lowest priority.
  const fetchImage = serverImageFetcher(config.pbUrl);
  const texts =
    config.ocrConcurrency > 0
      ? textPool({
          server: textApi,
          work: (task, signal) =>
            textTask(task, { server: textApi, read: ocr.read, fetchImage, tagsOf: tagsOfText, log }, signal),
          concurrency: config.ocrConcurrency,
          wake: textWake,
          busy: () => inProgress > 0,
          loadChanged,
          idlePollMs: config.idlePollMs,
          log,
          signal: shutdown.signal,
        })
      : undefined;
  // Videos' transcripts (docs/ai.md#transcripts), with the operator's model, when this worker has
  // AI_TRANSCRIBE_MODEL: the work is the model's, not this machine's, so it does not wait for idle.
  const transcribeSettings = config.transcribe;
  const transcripts = transcribeSettings
    ? taskPool({
        label: 'transcript task',
        server: transcriptApi,
        work: (task, signal) =>
          transcriptTask(
            task,
            {
              server: transcriptApi,
              fetchVideo: serverFileFetcher(config.pbUrl, TRANSCRIBE_MAX_BYTES, 60_000),
              transcribe: (video, taskSignal) => transcribe(transcribeSettings, video, taskSignal),
              tagsOf: (text) => tagsOfText(text, null),
              log,
            },
            signal,
          ),
        concurrency: TRANSCRIBE_CONCURRENCY,
        wake: transcriptWake,
        idlePollMs: config.idlePollMs,
        log,
        signal: shutdown.signal,
      })
    : undefined;
  await Promise.all([runs, archive, reports, pushes, texts, transcripts, detailThumbs.done, tagRows.done]);
  await Promise.all([fetcher.close(), pushSender.close(), ocr.close()]);
  session.stop();
  pb.realtime.unsubscribe().catch(() => undefined);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[worker ${config.name}] failed: ${messageOf(error)}`);
    process.exit(1);
  },
);
