/**
 * The creative archive's cost to a scout and its own speed (docs/creatives.md), against a CDN
 * double (tests/fixtures/fake-cdn.ts: one file per ad, CDN_LATENCY_MS before each answer) and the
 * demo source paced like a real one (SCOUT_DEMO_PACE_MS=500, as load.bench.ts: a 1,000-ad run
 * takes about 20 s). Two stacks side by side, one worker each: archiving on (MEDIA_CONCURRENCY=8)
 * and off (0). Each round, untimed, renders the files of the next archived run's ads in the CDN
 * (cdn.prepare), then:
 *
 * 1. a 1,000-ad run with archiving on, create → completed, and → every row's creative set;
 * 2. a 1,000-ad run with archiving off (another user and query, so its ads are new too);
 * 3. the reference for the archive: the same 1,000 files fetched from the CDN, hashed (sha256)
 *    and stored as creatives records through PocketBase's plain record API by the superuser,
 *    8 at a time, for a third user: no queue, lease, guard, phash, thumbnails or row links.
 *
 * Reported: medians of the rounds, the ratios on / off (target ≤ 1.1×) and archive / reference,
 * and the CPU per 1,000 ads of the worker and PocketBase in both runs.
 */
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type PocketBase from 'pocketbase';
import { creativeMediaOf } from '../../src/domain/ads/normalize/media.ts';
import { itemShapeOf } from '../../src/domain/ads/normalize/item-shapes.ts';
import type { JsonObject } from '../../src/domain/ads/normalize/raw-access.ts';
import type { ClaimedRun } from '../../src/worker/job.ts';
import { buildSourceQueries } from '../../src/worker/query.ts';
import { buildDemoCatalogue } from '../../src/demo-library/library.ts';
import { startFakeCdn, type FakeCdn } from '../fixtures/fake-cdn.ts';
import { magicType } from '../fixtures/image-probe.ts';
import { startBenchStack, type BenchStack } from './lib/stack.ts';
import { median, type Benchmark, type Measurement } from './types.ts';
import { adLibrarySearch, startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const ADS = 1000;
const ROUNDS = 2;
/** The demo source's pause per page of 25 ads: a real source's latency (load.bench.ts). */
const PACE_MS = 500;
/** A near CDN edge's time to first byte. */
const CDN_LATENCY_MS = 30;
const ARCHIVE_CONCURRENCY = 8;
const REFERENCE_CONCURRENCY = 8;
/** Any wait past this fails the benchmark instead of hanging it. */
const DEADLINE_MS = 180_000;
/** One query per run, every one new to the stack (the catalogue's ads differ by query). */
const TERMS = ['yoga mat', 'dog harness', 'led mask', 'pet bowl', 'massage gun', 'baby monitor'];

const BENCH = 'archive';
const log = (line: string) => console.log(`  ${BENCH}: ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type User = { id: string; pb: PocketBase };

/**
 * The media links a run of `term` stores, as the worker's demo source makes them for the CDN
 * (the same query the worker builds from the run; `oe` aside, which the CDN's per-ad files ignore).
 */
export function runMediaLinks(term: string, cdn: FakeCdn): string[] {
  const run = {
    facebook_link: adLibrarySearch(term),
    target_country: 'US',
    keywords_used: '',
    requested_count: ADS,
  } as ClaimedRun;
  const [query] = buildSourceQueries(run);
  const items = buildDemoCatalogue(query!, Date.now(), { mediaBase: cdn.url }).slice(0, ADS);
  if (items.length < ADS) throw new Error(`the demo catalogue holds only ${items.length} ads for "${term}"`);
  return items
    .map((item) => creativeMediaOf(itemShapeOf(item as JsonObject)))
    .flatMap((media) => [media.media_url, media.media_poster_url])
    .filter((url): url is string => Boolean(url));
}

export interface RunFigures {
  completedMs: number;
  /** create → every row of the run has its creative (null when not waited for). */
  archivedMs: number | null;
  cpu: { pocketbase: number; workers: number };
}

/** One run, create → completed (and with `archived`, → every row's creative set), with its CPU. */
export async function timedRun(
  stack: BenchStack,
  user: User,
  term: string,
  archived: boolean,
): Promise<RunFigures> {
  const cpuBefore = stack.cpuMs();
  const started = performance.now();
  const runId = (await startRun(user, { term, search_name: `Archive bench ${term}`, requested_count: ADS }))
    .id;
  let completedMs: number;
  for (;;) {
    const run = await stack.superuser
      .collection(COLLECTIONS.searchRuns)
      .getOne(runId, { fields: 'status,results_count,error', requestKey: null });
    if (run.status === 'failed' || (run.status === 'completed' && run.results_count !== ADS))
      throw new Error(
        `the run "${term}" ended ${run.status} with ${run.results_count} of ${ADS} ads ${run.error}`,
      );
    if (run.status === 'completed') {
      completedMs = performance.now() - started;
      break;
    }
    if (performance.now() - started > DEADLINE_MS) throw new Error(`the run "${term}" did not complete`);
    await sleep(50);
  }
  let archivedMs: number | null = null;
  if (archived) {
    const filter = stack.superuser.filter('run = {:run} && creative = ""', { run: runId });
    for (;;) {
      const left = await stack.superuser
        .collection(COLLECTIONS.searchResults)
        .getList(1, 1, { filter, fields: 'id', requestKey: null });
      if (left.totalItems === 0) {
        archivedMs = performance.now() - started;
        break;
      }
      if (performance.now() - started > DEADLINE_MS) {
        const failed = await stack.superuser.collection(COLLECTIONS.mediaTasks).getList(1, 3, {
          filter: stack.superuser.filter('user = {:user} && status = "failed"', { user: user.id }),
          requestKey: null,
        });
        throw new Error(
          `${left.totalItems} rows of "${term}" had no creative after ${seconds(DEADLINE_MS)}; ${failed.totalItems} tasks failed (${failed.items.map((t) => t.last_error).join(' | ')})`,
        );
      }
      await sleep(100);
    }
  }
  const cpuAfter = stack.cpuMs();
  return {
    completedMs,
    archivedMs,
    cpu: {
      pocketbase: cpuAfter.pocketbase - cpuBefore.pocketbase,
      workers: cpuAfter.workers - cpuBefore.workers,
    },
  };
}

/**
 * The reference: the files fetched (REFERENCE_CONCURRENCY at a time), hashed and stored as the
 * user's creatives records by the superuser's plain record create. Returns the time in ms.
 */
async function referenceArchive(stack: BenchStack, user: User, urls: string[]): Promise<number> {
  const queue = [...urls];
  const started = performance.now();
  const next = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`the CDN answered ${response.status} for ${url}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const type = magicType(bytes);
      const mime = type === 'mp4' ? 'video/mp4' : `image/${type === 'jpg' ? 'jpeg' : type}`;
      const form = new FormData();
      form.set('user', user.id);
      form.set('sha256', sha256);
      form.set('mime', mime);
      form.set('bytes', String(bytes.length));
      form.set('file', new Blob([bytes], { type: mime }), `creative.${type}`);
      await stack.superuser.collection(COLLECTIONS.creatives).create(form, { requestKey: null });
    }
  };
  await Promise.all(Array.from({ length: REFERENCE_CONCURRENCY }, next));
  return performance.now() - started;
}

const perThousand = (ms: number) => (ms * 1000) / ADS;

const benchmark: Benchmark = {
  name: `the creative archive: a paced ${ADS}-ad run with archiving on and off, and its files against a plain loop`,
  async run() {
    const benchStarted = performance.now();
    const loadAtStart = loadavg()[0]!.toFixed(1);
    const cdn = await startFakeCdn({ perAd: true, latencyMs: CDN_LATENCY_MS });
    const env = {
      SCOUT_DEMO_PACE_MS: String(PACE_MS),
      DEMO_MEDIA_BASE: cdn.url,
      MEDIA_FETCH_ALLOW: cdn.hostPort,
    };
    const stacks: BenchStack[] = [];
    try {
      const on = await startBenchStack({
        workers: 1,
        env: { ...env, MEDIA_CONCURRENCY: String(ARCHIVE_CONCURRENCY) },
      });
      stacks.push(on);
      const off = await startBenchStack({ workers: 1, env: { ...env, MEDIA_CONCURRENCY: '0' } });
      stacks.push(off);
      const withArchive: RunFigures[] = [];
      const without: RunFigures[] = [];
      const reference: number[] = [];
      const files: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const onTerm = TERMS[2 * round]!;
        const offTerm = TERMS[2 * round + 1]!;
        const urls = runMediaLinks(onTerm, cdn);
        files.push(new Set(urls).size);
        const prepared = performance.now();
        await cdn.prepare(urls);
        log(
          `round ${round + 1}: ${files[round]} files made in the CDN in ${seconds(performance.now() - prepared)} (untimed)`,
        );
        const requestsBefore = cdn.requestCount();
        withArchive.push(await timedRun(on, await on.subscriber(`on-${round}`), onTerm, true));
        const fetched = cdn.requestCount() - requestsBefore;
        without.push(await timedRun(off, await off.subscriber(`off-${round}`), offTerm, false));
        reference.push(await referenceArchive(on, await on.subscriber(`reference-${round}`), urls));
        const a = withArchive[round]!;
        log(
          `round ${round + 1}: on ${seconds(a.completedMs)} (archived ${seconds(a.archivedMs!)}, ${fetched} CDN requests); off ${seconds(without[round]!.completedMs)}; reference ${seconds(reference[round]!)}`,
        );
      }
      const onMs = median(withArchive.map((f) => f.completedMs));
      const offMs = median(without.map((f) => f.completedMs));
      const archivedMs = median(withArchive.map((f) => f.archivedMs!));
      const tailMs = median(withArchive.map((f) => f.archivedMs! - f.completedMs));
      const referenceMs = median(reference);
      const runs = (list: number[]) => list.map((t) => t.toFixed(0)).join(', ');
      const cpu = (list: RunFigures[], which: 'pocketbase' | 'workers') =>
        perThousand(median(list.map((f) => f.cpu[which])));
      const loadNote = `1-min load average ${loadAtStart} at the start, ${loadavg()[0]!.toFixed(1)} at the end, ${cpus().length} CPUs`;
      log(`took ${seconds(performance.now() - benchStarted)}`);
      return [
        {
          benchmark: BENCH,
          metric: `paced ${ADS}-ad demo run, create → completed, archiving on (MEDIA_CONCURRENCY=${ARCHIVE_CONCURRENCY}; median of ${ROUNDS})`,
          value: onMs,
          unit: 'ms',
          note: `SCOUT_DEMO_PACE_MS=${PACE_MS}, one worker, the CDN double with one file per ad (distinct files a run: ${files.join(', ')}, a video ad's file and poster apart) and ${CDN_LATENCY_MS} ms latency; runs: ${runs(withArchive.map((f) => f.completedMs))} ms; ${loadNote}`,
        },
        {
          benchmark: BENCH,
          metric: `the same run, archiving off (MEDIA_CONCURRENCY=0; median of ${ROUNDS})`,
          value: offMs,
          unit: 'ms',
          note: `another stack alike but for MEDIA_CONCURRENCY, another user and query (new ads), alternating with the runs above; runs: ${runs(without.map((f) => f.completedMs))} ms`,
        },
        {
          benchmark: BENCH,
          metric: 'run create → completed, archiving on / off (same run)',
          value: onMs / offMs,
          unit: '×',
          target: '≤ 1.1 ×',
          met: onMs / offMs <= 1.1,
          note: `${seconds(onMs)} / ${seconds(offMs)}`,
        },
        {
          benchmark: BENCH,
          metric: `run create → every row's creative archived (median of ${ROUNDS})`,
          value: archivedMs,
          unit: 'ms',
          note: `polled: no row of the run without its creative; the last archived ${seconds(tailMs)} after the run completed (median); runs: ${runs(withArchive.map((f) => f.archivedMs!))} ms`,
        },
        {
          benchmark: BENCH,
          metric: `reference: the same files fetched, hashed (sha256) and stored as creatives by a plain loop, ${REFERENCE_CONCURRENCY} at a time (median of ${ROUNDS})`,
          value: referenceMs,
          unit: 'ms',
          note: `Node fetch from the CDN double, then the superuser's record create (multipart) per file; no queue, lease, fetch guard, phash, thumbnails or row links; runs: ${runs(reference)} ms`,
        },
        {
          benchmark: BENCH,
          metric: 'archive: run completed → last creative archived / the plain loop (same run)',
          value: tailMs / referenceMs,
          unit: '×',
          note: `${seconds(tailMs)} / ${seconds(referenceMs)}: what is left to archive once the paced run ends, against the whole run's files through the plain loop; from the run's create, ${seconds(archivedMs)} (${(archivedMs / referenceMs).toFixed(2)} × the loop, the paced source's ${seconds(offMs)} included)`,
        },
        {
          benchmark: BENCH,
          metric: `CPU per 1,000 ads, the worker, archiving on (create → archived) / off`,
          value: cpu(withArchive, 'workers') / Math.max(cpu(without, 'workers'), 1),
          unit: '×',
          note: `${cpu(withArchive, 'workers').toFixed(0)} ms / ${cpu(without, 'workers').toFixed(0)} ms (fetch, sha256, phash with sharp, upload, thumbnail requests)`,
        },
        {
          benchmark: BENCH,
          metric: `CPU per 1,000 ads, PocketBase, archiving on (create → archived) / off`,
          value: cpu(withArchive, 'pocketbase') / Math.max(cpu(without, 'pocketbase'), 1),
          unit: '×',
          note: `${cpu(withArchive, 'pocketbase').toFixed(0)} ms / ${cpu(without, 'pocketbase').toFixed(0)} ms (the queue, claims, uploads stored, rows linked, the grid thumbnail made per file)`,
        },
      ] satisfies Measurement[];
    } finally {
      for (const stack of stacks) await stack.stop();
      await cdn.close();
    }
  },
};

export default benchmark;
