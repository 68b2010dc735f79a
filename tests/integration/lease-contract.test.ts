/**
 * The worker and the hooks speak one contract (src/domain/runs/lease-contract.ts). The worker's own
 * client (src/worker/api.ts) runs against the real hooks here: it checks every answer strictly,
 * so a hook that changes an answer fails this file; the hooks check every request, so a worker
 * that changes a request fails it too. Rows the normalizer produced are stored exactly as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimResponseSchema,
  finishResponseSchema,
  heartbeatResponseSchema,
  normalizeAd,
  RESULT_ROW_FIELDS,
  resultsResponseSchema,
  type NormalizedAd,
} from '../../src/domain/index.ts';
import { workerServer } from '../../src/worker/api.ts';
import curiousCoder from '../fixtures/ad-library/curious-coder.json';
import graphPage from '../fixtures/ad-library/graph-ads-archive.json';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { createWorkingRun } from '../fixtures/records.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { collectionRoute } from '../fixtures/route-paths.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
});

afterAll(async () => {
  await server?.stop();
});

/** A working run of alice's, searching for shapewear ('fajas', the keywords of normalizedRows). */
function shapewearRun(requested = 50): Promise<string> {
  return createWorkingRun(server.superuser, alice.id, {
    search_name: 'Shapewear',
    facebook_link: 'https://www.facebook.com/ads/library/?q=fajas',
    keywords_used: 'fajas',
    requested_count: requested,
  });
}

function normalizedRows(): NormalizedAd[] {
  const context = { keywords: 'fajas', country: 'US', now: Date.UTC(2025, 3, 17) };
  return [...curiousCoder, ...graphPage.data]
    .map((item) => normalizeAd(item, context))
    .flatMap((result) => (result.ok ? [result.ad] : []));
}

/** A raw POST as superuser, with the status of a refusal. */
async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await server.worker.send(path, { method: 'POST', body }) };
  } catch (error) {
    const failed = error as { status: number; response?: { message?: string } };
    return { status: failed.status, body: failed.response?.message };
  }
}

describe('the worker client against the real hooks', () => {
  it('claims, heartbeats, writes normalized rows, finishes and releases through the contract', async () => {
    const api = workerServer(server.worker, 'contract-worker');
    expect(await api.claim()).toBeNull();
    const runId = await shapewearRun();
    const claimed = await api.claim();
    expect(claimed).toMatchObject({
      id: runId,
      user: alice.id,
      requested_count: 50,
      stored_count: 0,
      attempts: 1,
    });
    expect(await api.heartbeat(runId, 0)).toBe(true);

    const rows = normalizedRows();
    expect(rows.length).toBeGreaterThan(5);
    const written = await api.writeResults(runId, rows);
    expect(written).toEqual({ stored: rows.length, inserted: rows.length, rejected: 0, full: false });
    // stored exactly as the normalizer made them: the contract check changes nothing
    const stored = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${runId}"` });
    const keys = RESULT_ROW_FIELDS.map((field) => field.key);
    const pick = (row: Record<string, unknown>) => Object.fromEntries(keys.map((key) => [key, row[key]]));
    const byId = new Map(stored.map((row) => [row.ad_id, pick(row)]));
    for (const row of rows) expect(byId.get(row.ad_id)).toEqual(pick(row));

    await api.finish(runId, { status: 'completed' });
    const run = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(runId);
    expect(run).toMatchObject({ status: 'completed', results_count: rows.length });

    const second = await shapewearRun();
    expect((await api.claim())?.id).toBe(second);
    await api.release(second);
    expect((await server.superuser.collection(COLLECTIONS.searchRuns).getOne(second)).lease_owner).toBe('');
    await server.superuser.collection(COLLECTIONS.searchRuns).update(second, { status: 'failed' });
  });
});

describe('the hooks answer in the contract’s shape', () => {
  it('claim, heartbeat, results and finish', async () => {
    const runId = await shapewearRun(2);
    const worker = 'shape-worker';
    const claim = await post(SERVER_ROUTES.workerClaim.path, { worker });
    expect(claimResponseSchema.parse(claim.body).run?.id).toBe(runId);
    const beat = await post(SERVER_ROUTES.workerRunHeartbeat.url(runId), { worker, progress: 0 });
    expect(heartbeatResponseSchema.safeParse(beat.body).success).toBe(true);
    const results = await post(SERVER_ROUTES.workerRunResults.url(runId), {
      worker,
      rows: [{ ad_id: '1' }, { ad_id: '2' }, { ad_id: '3' }, { title: 'no id' }],
    });
    expect(resultsResponseSchema.parse(results.body)).toEqual({
      stored: 2,
      inserted: 2,
      rejected: 0,
      full: true,
    });
    const finish = await post(SERVER_ROUTES.workerRunFinish.url(runId), {
      worker,
      status: 'failed',
      error: 'Down',
    });
    expect(finishResponseSchema.parse(finish.body)).toMatchObject({
      status: 'failed',
      results_count: 2,
      error: 'Down',
    });
    // a repeated finish answers the settled run in the same shape
    const again = await post(SERVER_ROUTES.workerRunFinish.url(runId), { worker, status: 'completed' });
    expect(finishResponseSchema.parse(again.body)).toMatchObject({ status: 'failed', results_count: 2 });
  });
});

describe('the hooks refuse requests that break the contract, with its messages', () => {
  it.each([
    ['claim without a worker', SERVER_ROUTES.workerClaim.path, {}, 'worker (1–100 characters) is required.'],
    [
      'a worker name of 101 characters',
      SERVER_ROUTES.workerClaim.path,
      { worker: 'w'.repeat(101) },
      'worker (1–100 characters) is required.',
    ],
    [
      'results without rows',
      SERVER_ROUTES.workerRunResults.url('RUN'),
      { worker: 'w' },
      'rows must be a list.',
    ],
    [
      'results with 1001 rows',
      SERVER_ROUTES.workerRunResults.url('RUN'),
      { worker: 'w', rows: Array.from({ length: 1001 }, (_, i) => ({ ad_id: String(i) })) },
      'At most 1000 rows per request.',
    ],
    [
      'finish with another status',
      SERVER_ROUTES.workerRunFinish.url('RUN'),
      { worker: 'w', status: 'done' },
      'status must be completed or failed.',
    ],
    [
      'a heartbeat with a progress that is not a number',
      SERVER_ROUTES.workerRunHeartbeat.url('RUN'),
      { worker: 'w', progress: 'x' },
      'progress must be a whole number.',
    ],
  ])('%s', async (_label, path, body, message) => {
    const answer = await post(path.replace('RUN', 'r'.repeat(15)), body);
    // PocketBase capitalises the first letter of an error message
    expect(answer).toEqual({ status: 400, body: message.charAt(0).toUpperCase() + message.slice(1) });
  });
});

describe('the results route stores only safe media links', () => {
  it('keeps http(s) media and the demo catalogue’s /demo-media/ paths, and empties every other one', async () => {
    const runId = await shapewearRun(20);
    const worker = 'media-worker';
    await post(SERVER_ROUTES.workerClaim.path, { worker });
    // [media_url sent, what is stored]
    const cases: [string, string][] = [
      [
        'https://video.xx.fbcdn.net/v/t42.1790-2/1_hd.mp4?oe=1',
        'https://video.xx.fbcdn.net/v/t42.1790-2/1_hd.mp4?oe=1',
      ],
      ['/demo-media/portable-blender.svg', '/demo-media/portable-blender.svg'],
      [collectionRoute(COLLECTIONS.users, 'records'), ''],
      ['/demo-media/../api/health', ''],
      ['/demo-media/nested/file.svg', ''],
      ['//evil.example/x.png', ''],
      ['javascript:alert(1)', ''],
      ['data:image/svg+xml,<svg onload=alert(1)>', ''],
    ];
    const rows = cases.map(([media], i) => ({
      ad_id: `media-${i}`,
      media_url: media,
      media_poster_url: media,
      product_link: media,
      card_count: 3,
    }));
    const written = await post(SERVER_ROUTES.workerRunResults.url(runId), { worker, rows });
    expect(written.body).toMatchObject({ inserted: cases.length, rejected: 0 });
    const stored = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${runId}"`, sort: 'ad_id' });
    const byAd = new Map(stored.map((row) => [row.ad_id as string, row]));
    cases.forEach(([sent, kept], i) => {
      expect(byAd.get(`media-${i}`), sent).toMatchObject({
        media_url: kept,
        media_poster_url: kept,
        // a root-relative path is media only: the link columns take absolute http(s) URLs
        product_link: kept.startsWith('/') ? '' : kept,
        card_count: 3,
      });
    });
    await post(SERVER_ROUTES.workerRunFinish.url(runId), { worker, status: 'completed' });
  });
});
