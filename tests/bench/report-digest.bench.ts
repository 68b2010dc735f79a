/**
 * Report digests for 1,000 users with 3 watches each, all due at once (docs/reports.md#email):
 * closed, rendered and handed to the mailer (the outbox: no SMTP) within 60 s on 2 cores, and
 * PocketBase's memory (RssAnon: its heap, not the mapped database) before, at its peak, and after.
 *
 * Untimed: 1,000 users, each with a report for each of 3 watches (10 new ads, 3 stopped, 2 came
 * back, 3 products and 2 stores a report, realistic lengths; creatives not archived, so every ad
 * shows the placeholder) and daily settings not yet due. Timed: every settings record made due at
 * once (the superuser's batch), the digest cron fired, until all 1,000 mails are sent.
 *
 * Same-run reference: the same 1,000 mails (their subject, HTML and text, read back from the
 * outbox) saved again as outbox records through the superuser's batch API, with no claiming and
 * no rendering: what storing the mails costs by itself. Reported: the digests' time and
 * PocketBase CPU, the reference's, and the ratios.
 */
import { readFileSync } from 'node:fs';
import type PocketBase from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import type { ReportAdItem } from '../../src/domain/reports/report-contract.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { runFields } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { processCpuMs, startBenchStack } from './lib/stack.ts';
import type { Benchmark, Measurement } from './types.ts';

const USERS = 1000;
const WATCHES = 3;
const TARGET_SECONDS = 60;
const BATCH = 50;
const MB = 1024 * 1024;

const BENCH = 'report-digest';
const log = (line: string) => console.log(`  ${BENCH}: ${line}`);

/** Anonymous resident memory of a process (Linux RssAnon), in bytes. */
function heapBytes(pid: number): number {
  const kb = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

function ad(n: number, watch: number): ReportAdItem {
  return {
    adId: String(100_000_000 + n * 10 + watch),
    row: '',
    creative: '',
    store: `Northwind Posture Co. ${n % 17}`,
    pageId: String(200_000 + (n % 17)),
    title: `Fix your posture in 7 days: the ergonomic back brace our customers love (${n})`,
    daysRunning: 3 + (n % 40),
    winningScore: 40 + ((n * 7) % 60),
    active: true,
  };
}

function reportFields(user: string, run: string, watch: number) {
  const list = (count: number, offset: number) =>
    Array.from({ length: count }, (_, i) => ad(offset + i, watch));
  return {
    user,
    run,
    watch_name: `Posture ${['US', 'DE', 'FR'][watch]}`,
    period_end: toPbDate(Date.now()),
    ads_count: 120,
    new_count: 10,
    stopped_count: 3,
    resumed_count: 2,
    products_count: 3,
    stores_count: 2,
    new_ads: list(10, 0),
    stopped_ads: list(3, 20),
    resumed_ads: list(2, 30),
    products: Array.from({ length: 3 }, (_, i) => ({
      key: `product-${watch}-${i}`,
      name: `Ergonomic back brace, adjustable (${i})`,
      creative: '',
      storesNow: 4 + i,
      storesBefore: 2,
      momentum: 5 - i,
      ads: 6,
      adIds: [String(100_000_000 + i)],
    })),
    stores: Array.from({ length: 2 }, (_, i) => ({
      key: `store-${watch}-${i}`,
      pageId: String(300_000 + i),
      name: `Northwind Posture Co. ${i}`,
      adsAdded: 3,
      adIds: [String(100_000_000 + i)],
    })),
  };
}

/** Sends `items` through the superuser's batch API, BATCH a request, two requests at a time. */
async function inBatches<T>(
  superuser: PocketBase,
  items: T[],
  add: (batch: ReturnType<PocketBase['createBatch']>, item: T) => void,
): Promise<unknown[]> {
  const answers: unknown[] = [];
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  for (let i = 0; i < chunks.length; i += 2) {
    const sent = await Promise.all(
      chunks.slice(i, i + 2).map((chunk) => {
        const send = async (attempt: number): Promise<{ body: unknown }[]> => {
          const batch = superuser.createBatch();
          for (const item of chunk) add(batch, item);
          try {
            return await batch.send();
          } catch (error) {
            // a batch is one transaction: one that ran past settings.batch.timeout on a loaded
            // machine was rolled back whole, and is sent again
            const response = JSON.stringify((error as { response?: unknown }).response);
            if (attempt >= 3)
              throw new Error(`a batch failed ${attempt} times: ${response}`, { cause: error });
            log(`a batch failed (${response}); sending it again`);
            return send(attempt + 1);
          }
        };
        return send(1);
      }),
    );
    for (const results of sent) for (const result of results) answers.push(result.body);
  }
  return answers;
}

/** `work` over `items`, `lanes` at a time (for creates the batch API refuses: users, runs). */
async function inParallel<T, R>(items: T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const index = next++;
        out[index] = await work(items[index]!);
      }
    }),
  );
  return out;
}

export default {
  name: BENCH,
  async run(): Promise<Measurement[]> {
    const stack = await startBenchStack({ workers: 0 });
    try {
      const { superuser, pid } = stack;
      log(`seeding ${USERS} users with ${WATCHES} reports each (untimed)`);
      const users = await inParallel(
        Array.from({ length: USERS }, (_, i) => i),
        8,
        (i) =>
          superuser.collection(COLLECTIONS.users).create({
            email: `digest-${i}@bench.test`,
            password: 'Bench-Pass-2026',
            passwordConfirm: 'Bench-Pass-2026',
          }),
      );
      const runs = await inParallel(
        users.flatMap((user) => Array.from({ length: WATCHES }, (_, watch) => ({ user: user.id, watch }))),
        8,
        async ({ user, watch }) => ({
          ...(await superuser
            .collection(COLLECTIONS.searchRuns)
            .create(runFields(user, { search_name: `Posture ${watch}` }))),
          user,
          watch,
        }),
      );
      await inBatches(superuser, runs, (batch, run) =>
        batch.collection(COLLECTIONS.reports).create(reportFields(String(run.user), run.id, run.watch)),
      );
      const settings = (await inBatches(superuser, users, (batch, user) =>
        batch.collection(COLLECTIONS.reportSettings).create({
          user: user.id,
          email: 'daily',
          send_hour: 7,
          time_zone: 'UTC',
          last_digest_at: toPbDate(Date.now() - 3_600_000),
          // not due while the rest is seeded
          next_digest_at: toPbDate(Date.now() + 86_400_000),
        }),
      )) as { id: string }[];

      const sentCount = async () =>
        (await superuser.collection(COLLECTIONS.reportMails).getList(1, 1, { filter: "status = 'sent'" }))
          .totalItems;
      const heapBefore = heapBytes(pid);
      let heapPeak = heapBefore;
      const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, heapBytes(pid))), 100);
      const cpu0 = processCpuMs(pid);
      const began = performance.now();
      // all due at once: the superuser's body naming next_digest_at keeps it
      await inBatches(superuser, settings, (batch, record) =>
        batch
          .collection(COLLECTIONS.reportSettings)
          .update(record.id, { next_digest_at: toPbDate(Date.now() - 1000) }),
      );
      await superuser.send('/api/crons/adscout_report_digest', { method: 'POST' });
      await waitFor('every digest sent', sentCount, (count) => count >= USERS, {
        timeoutMs: 300_000,
        intervalMs: 250,
      });
      const seconds = (performance.now() - began) / 1000;
      const digestCpu = processCpuMs(pid) - cpu0;
      clearInterval(sampler);
      const heapAfter = heapBytes(pid);
      log(
        `${USERS} digests in ${seconds.toFixed(1)} s, PocketBase CPU ${(digestCpu / 1000).toFixed(1)} s; RssAnon ${(heapBefore / MB).toFixed(0)} → peak ${(heapPeak / MB).toFixed(0)} → ${(heapAfter / MB).toFixed(0)} MB`,
      );

      // the reference: the same mails stored again, without claiming or rendering
      const kept = await superuser
        .collection(COLLECTIONS.mailOutbox)
        .getFullList({ batch: 200, fields: 'to,from,subject,html,text,headers' });
      const htmlBytes =
        kept.reduce((sum, mail) => sum + Buffer.byteLength(String(mail.html)), 0) / kept.length;
      const refCpu0 = processCpuMs(pid);
      const refBegan = performance.now();
      await inBatches(superuser, kept, (batch, mail) =>
        batch.collection(COLLECTIONS.mailOutbox).create(mail),
      );
      const refSeconds = (performance.now() - refBegan) / 1000;
      const refCpu = processCpuMs(pid) - refCpu0;
      log(
        `reference: ${kept.length} outbox records saved in ${refSeconds.toFixed(1)} s, PocketBase CPU ${(refCpu / 1000).toFixed(1)} s; mean HTML ${(htmlBytes / 1024).toFixed(1)} KB`,
      );

      const note = `${USERS} users × ${WATCHES} watches, 2 cores shared; reference: the same ${kept.length} mails saved to the outbox by the batch API`;
      return [
        {
          benchmark: BENCH,
          metric: `${USERS} digests due at once → all handed to the mailer`,
          value: seconds,
          unit: 's',
          target: `≤ ${TARGET_SECONDS} s`,
          met: seconds <= TARGET_SECONDS,
          note,
        },
        { benchmark: BENCH, metric: 'digests: PocketBase CPU', value: digestCpu / 1000, unit: 's' },
        { benchmark: BENCH, metric: 'reference: the same mails saved, time', value: refSeconds, unit: 's' },
        { benchmark: BENCH, metric: 'reference: PocketBase CPU', value: refCpu / 1000, unit: 's' },
        { benchmark: BENCH, metric: 'digests / reference, time', value: seconds / refSeconds, unit: '×' },
        {
          benchmark: BENCH,
          metric: 'digests / reference, PocketBase CPU',
          value: digestCpu / refCpu,
          unit: '×',
        },
        {
          benchmark: BENCH,
          metric: 'mean HTML part',
          value: htmlBytes / 1024,
          unit: 'KB',
          target: '< 100 KB',
          met: htmlBytes < 100_000,
        },
        { benchmark: BENCH, metric: 'PocketBase RssAnon before', value: heapBefore / MB, unit: 'MB' },
        { benchmark: BENCH, metric: 'PocketBase RssAnon peak', value: heapPeak / MB, unit: 'MB' },
        { benchmark: BENCH, metric: 'PocketBase RssAnon after', value: heapAfter / MB, unit: 'MB' },
      ];
    } finally {
      await stack.stop();
    }
  },
} satisfies Benchmark;
