/**
 * "Download my data" (docs/accounts.md#download-my-data): GET /api/adscout/account/export for a user with
 * 10,000 and then 50,000 realistic results (runs of 1,000, about 1.1 KB of ad fields each), median of 3 each:
 * the total time, the time to the first byte, the file's size, and how far PocketBase's heap
 * (anonymous resident memory, sampled from /proc every 10 ms) rose above its level before the
 * export. The first round of each size also fills SQLite's page caches (PocketBase gives each
 * pooled connection 32 MB, in anonymous memory with its pure-Go SQLite), so the export's own memory
 * is bounded by the rise of the warm rounds after it (which still includes caches of other pooled
 * connections filling): the route streams a page of 1,000 results at a time, so that rise stays
 * below the file's size, never the whole export once, let alone twice.
 */
import { readFileSync } from 'node:fs';
import { createRunWithResults } from '../fixtures/records.ts';
import { realisticRuns } from './lib/ad-rows.ts';
import { startBenchStack, type BenchStack } from './lib/stack.ts';
import { median, type Benchmark, type Measurement } from './types.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const PER_RUN = 1000;
const SIZES = [10_000, 50_000];
const ROUNDS = 4;
const MB = 1024 * 1024;

/**
 * Anonymous resident memory of a process (Linux RssAnon: its heap and stacks), in bytes. The
 * database file's pages that SQLite maps in are file-backed (RssFile), shared with the page
 * cache and dropped under pressure: they are not memory the export holds.
 */
function heapBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /RssAnon:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

interface Round {
  total: number;
  firstByte: number;
  bytes: number;
  rise: number;
}

let client = 0;

async function exportOnce(stack: BenchStack, token: string, results: number): Promise<Round> {
  // the account routes allow 5 calls a minute per client address: each round is another client
  client += 1;
  const baseline = heapBytes(stack.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, heapBytes(stack.pid))), 10);
  const started = performance.now();
  let bytes = 0;
  let firstByte = 0;
  const chunks: Uint8Array[] = [];
  try {
    const response = await fetch(`${stack.url}${SERVER_ROUTES.accountExport.path}`, {
      headers: { Authorization: token, 'X-Forwarded-For': `10.9.0.${client}` },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    for await (const chunk of response.body) {
      if (!firstByte) firstByte = performance.now() - started;
      bytes += chunk.byteLength;
      chunks.push(chunk);
    }
  } finally {
    clearInterval(sampler);
  }
  const total = performance.now() - started;
  peak = Math.max(peak, heapBytes(stack.pid));
  // the file must be whole before its speed means anything
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { results: unknown[] };
  if (parsed.results.length !== results)
    throw new Error(`the export holds ${parsed.results.length} results, not ${results}`);
  return { total, firstByte, bytes, rise: peak - baseline };
}

const benchmark: Benchmark = {
  name: 'account export (download my data)',
  async run() {
    const stack = await startBenchStack({
      workers: 0,
      // behind a "proxy", each round from its own address; a server behind one needs APP_URL
      env: {
        TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
        APP_URL: 'https://adscout.bench.test',
        ADSCOUT_BILLING: 'local',
      },
    });
    try {
      const user = await stack.subscriber('export');
      const runs = realisticRuns(SIZES[SIZES.length - 1]! / PER_RUN, PER_RUN);
      const out: Measurement[] = [];
      const rises: number[] = [];
      let seeded = 0;
      for (const size of SIZES) {
        for (; seeded < size / PER_RUN; seeded++) {
          await createRunWithResults(stack.superuser, user.id, runs[seeded]!.run, runs[seeded]!.rows);
        }
        const rounds: Round[] = [];
        for (let i = 0; i < ROUNDS; i++) rounds.push(await exportOnce(stack, user.pb.authStore.token, size));
        const label = `${size / 1000}k results`;
        const bytes = rounds[0]!.bytes;
        const cold = rounds[0]!.rise;
        const rise = Math.max(...rounds.slice(1).map((round) => round.rise));
        rises.push(rise);
        out.push(
          {
            benchmark: 'data-export',
            metric: `GET ${SERVER_ROUTES.accountExport.path}, ${label}, median of ${ROUNDS}`,
            value: median(rounds.map((round) => round.total)),
            unit: 'ms',
          },
          {
            benchmark: 'data-export',
            metric: `${label}: time to the first byte, median`,
            value: median(rounds.map((round) => round.firstByte)),
            unit: 'ms',
          },
          { benchmark: 'data-export', metric: `${label}: file size`, value: bytes / MB, unit: 'MB' },
          {
            benchmark: 'data-export',
            metric: `${label}: heap rise of the first round (SQLite's page caches filling)`,
            value: cold / MB,
            unit: 'MB',
          },
          {
            benchmark: 'data-export',
            metric: `${label}: PocketBase heap (RssAnon) above its level before, worst warm round`,
            value: rise / MB,
            unit: 'MB',
            target: '< the file size',
            met: rise < bytes,
          },
        );
      }
      const growth = rises[1]! / Math.max(rises[0]!, 1);
      out.push({
        benchmark: 'data-export',
        metric: 'warm heap rise with 50k results ÷ with 10k (5× the results)',
        value: growth,
        unit: '×',
        note: "includes SQLite's page caches of further pooled connections (each up to 32 MB; 10k results fill less)",
      });
      return out;
    } finally {
      await stack.stop();
    }
  },
};

export default benchmark;
