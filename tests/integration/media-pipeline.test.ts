/**
 * The creative archive end to end (docs/creatives.md#the-flow): a real worker process scouts the
 * demo with its media as signed links on the CDN double, and archives them through the real
 * server's media routes. Every row gets its creative, each creative holds the bytes the CDN
 * served, once per user, its thumbnails made when stored; a second run of the query fetches
 * nothing; videos keep their poster (and only it when over MEDIA_VIDEO_MAX_MB); and on S3
 * (versitygw) the files land in the bucket. Failures and crashes: media-pipeline-faults.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCdn, type FakeCdn } from '../fixtures/fake-cdn.ts';
import { subscriber } from '../fixtures/records.ts';
import { waitFor, waitUntil } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer } from './harness.ts';
import {
  archiveWorkers,
  creativesOf,
  expectArchivedRows,
  isVideoLink,
  rowsOfRun,
  servedFile,
  sha256Of,
  startMediaOrigin,
  tasksOf,
  tasksSettled,
  thumbsDir,
  thumbsOnDisk,
  troubleLines,
} from './media-pipeline-support.ts';
import { writeRows } from './media-support.ts';
import { expectSettledOnce, runOf } from './worker-runs.ts';
import { S3_UNSET, startVersityGw } from './versitygw.ts';
import { startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const PIPELINE_TEST_MS = 120_000;

let server: TestServer;
let cdn: FakeCdn;
let pool: Awaited<ReturnType<typeof archiveWorkers>>;

beforeAll(async () => {
  server = await startTestServer({ env: S3_UNSET });
  cdn = await startFakeCdn();
  pool = await archiveWorkers(server, cdn);
});

afterEach(async () => {
  await pool.stopAll();
});

afterAll(async () => {
  await pool?.remove();
  await cdn?.close();
  await server?.stop();
});

describe('a scout run’s creatives', () => {
  it(
    'are archived once per user with their thumbnails, and a second run of the query fetches nothing',
    async () => {
      const user = await subscriber(server.superuser, server, 'archive');
      const worker = pool.start('archivist');
      const runId = (await startRun(user, { requested_count: 60, term: 'yoga mat' })).id;
      await expectSettledOnce(server, user, runId, 60);
      const tasks = await tasksSettled(server, user);
      expect(tasks.filter((t) => t.status !== 'archived')).toEqual([]);
      const creatives = await expectArchivedRows(server, cdn, user, runId);
      // several ads share a file: fewer creatives than rows
      expect(creatives.length).toBeLessThan(60);

      // the worker asked for both thumbnails when it stored each file: they reach the disk with
      // no client asking (the task is archived before the worker requests them)
      await waitUntil(
        'both thumbnails of every creative on disk',
        () => creatives.every((c) => thumbsOnDisk(server, c, c.file as string)),
        { timeoutMs: 30_000 },
      );
      for (const creative of creatives) {
        const served = await servedFile(server, creative, creative.file as string);
        expect([served.status, served.type, sha256Of(served.body)]).toEqual([
          200,
          creative.mime,
          creative.sha256,
        ]);
        const made = readdirSync(thumbsDir(server, creative, creative.file as string)).sort();
        for (const thumb of ['100x100', '400x0']) {
          const served = await servedFile(server, creative, creative.file as string, thumb);
          // PocketBase writes a WebP's thumbnails as PNG (it encodes no WebP)
          expect([served.status, served.type?.startsWith('image/')], thumb).toEqual([200, true]);
        }
        // served from what was made, none made anew
        expect(readdirSync(thumbsDir(server, creative, creative.file as string)).sort()).toEqual(made);
      }
      expect(troubleLines(worker.output())).toEqual([]);

      // the same query again: its rows get the creatives as they are written, nothing is queued
      const fetched = cdn.requestCount();
      const tasksBefore = tasks.map((t) => `${t.id}:${t.updated}`);
      const again = (await startRun(user, { requested_count: 60, term: 'yoga mat' })).id;
      const run = await waitFor(
        'the second run to finish',
        runOf(server, again),
        (r) => r.status !== 'working',
        {
          timeoutMs: 60_000,
        },
      );
      expect(run.status).toBe('completed');
      const rows = await rowsOfRun(server, again);
      expect(rows).toHaveLength(60);
      expect(rows.filter((row) => !row.creative).map((row) => row.ad_id)).toEqual([]);
      expect((await tasksOf(server, user)).map((t) => `${t.id}:${t.updated}`)).toEqual(tasksBefore);
      expect(cdn.requestCount()).toBe(fetched);
      expect((await creativesOf(server, user)).length).toBe(creatives.length);
      expect(troubleLines(worker.output())).toEqual([]);
    },
    PIPELINE_TEST_MS,
  );

  it(
    'a video keeps its file and its poster, with the poster’s thumbnails',
    async () => {
      const user = await subscriber(server.superuser, server, 'videos');
      const worker = pool.start('video-archivist');
      const runId = (await startRun(user, { requested_count: 60, term: 'projection lamp' })).id;
      await expectSettledOnce(server, user, runId, 60);
      const tasks = await tasksSettled(server, user);
      expect(tasks.filter((t) => t.status !== 'archived')).toEqual([]);
      await expectArchivedRows(server, cdn, user, runId);
      const rows = (await rowsOfRun(server, runId)).filter((row) => isVideoLink(row.media_url as string));
      expect(rows.length).toBeGreaterThan(0);
      const videos = new Map((await creativesOf(server, user)).map((c) => [c.id, c]));
      for (const row of rows) {
        const creative = videos.get(row.creative as string)!;
        expect(creative.mime).toBe('video/mp4');
        expect(creative.file).toMatch(/\.mp4$/);
        expect(creative.poster).not.toBe('');
        await waitUntil(
          'the poster’s thumbnails on disk',
          () => thumbsOnDisk(server, creative, creative.poster),
          {
            timeoutMs: 30_000,
          },
        );
        const file = await servedFile(server, creative, creative.file as string);
        expect([file.status, file.type, sha256Of(file.body)]).toEqual([200, 'video/mp4', creative.sha256]);
        expect((await servedFile(server, creative, creative.poster as string, '100x100')).status).toBe(200);
      }
      expect(troubleLines(worker.output())).toEqual([]);
    },
    PIPELINE_TEST_MS,
  );

  it(
    'a video over MEDIA_VIDEO_MAX_MB keeps its poster only',
    async () => {
      const origin = await startMediaOrigin(1024 * 1024 + 300_000);
      try {
        const user = await server.createUser('big-video');
        const poster = `${cdn.url}/demo-media/portable-blender-a.jpg?ad=big-1&oe=FFFFFFFF`;
        // written before any worker runs: writeRows claims its run as a worker would
        await writeRows(server, user, [
          { ad_id: 'big-1', media_url: `${origin.url}/big.mp4`, media_poster_url: poster },
        ]);
        const worker = pool.start('capped', {
          MEDIA_VIDEO_MAX_MB: '1',
          MEDIA_FETCH_ALLOW: `${cdn.hostPort},${origin.hostPort}`,
        });
        const [task] = await tasksSettled(server, user, 60_000);
        expect(task!.status).toBe('archived');
        expect(origin.requests.filter((r) => r.path === '/big.mp4').length).toBeGreaterThan(0);
        const creative = await server.superuser
          .collection(COLLECTIONS.creatives)
          .getOne(task!.creative as string);
        const posterBytes = await cdn.bytesFor(poster);
        expect(creative).toMatchObject({
          file: '',
          mime: 'image/jpeg',
          sha256: sha256Of(posterBytes),
          bytes: posterBytes.length,
        });
        expect(creative.poster).not.toBe('');
        await waitUntil(
          'the poster’s thumbnails on disk',
          () => thumbsOnDisk(server, creative, creative.poster),
          {
            timeoutMs: 30_000,
          },
        );
        const [row] = await server.superuser
          .collection(COLLECTIONS.searchResults)
          .getFullList({ filter: `user = "${user.id}" && ad_id = "big-1"` });
        expect(row!.creative).toBe(creative.id);
        expect(worker.output()).toMatch(/over 1 MB; keeping its poster only/);
      } finally {
        await origin.close();
      }
    },
    PIPELINE_TEST_MS,
  );
});

describe('on S3 (STORAGE_S3_*)', () => {
  it(
    'the archived creatives are objects in the bucket, served back with their thumbnails',
    async () => {
      const gw = await startVersityGw();
      let s3: TestServer | null = null;
      let s3Workers: Awaited<ReturnType<typeof archiveWorkers>> | null = null;
      try {
        const bucket = gw.bucket('creatives');
        s3 = await startTestServer({ env: { ...S3_UNSET, ...gw.env('STORAGE_S3', bucket) } });
        await s3.waitForOutput(`file storage: S3 bucket ${bucket}`);
        s3Workers = await archiveWorkers(s3, cdn);
        const user = await subscriber(s3.superuser, s3, 's3');
        const worker = s3Workers.start('s3-archivist');
        const runId = (await startRun(user, { requested_count: 30, term: 'massage gun' })).id;
        await expectSettledOnce(s3, user, runId, 30);
        const tasks = await tasksSettled(s3, user);
        expect(tasks.filter((t) => t.status !== 'archived')).toEqual([]);
        const creatives = await expectArchivedRows(s3, cdn, user, runId);
        expect(existsSync(`${s3.dataDir}/storage/${creatives[0]!.collectionId}`)).toBe(false);
        for (const creative of creatives) {
          const prefix = `${creative.collectionId}/${creative.id}/`;
          const still = (creative.poster || creative.file) as string;
          expect(gw.keys(bucket)).toContain(`${prefix}${creative.file || creative.poster}`);
          // made when stored, before anyone asked
          await waitUntil(
            'both thumbnails in the bucket',
            () =>
              ['100x100', '400x0'].every((thumb) =>
                gw.keys(bucket).includes(`${prefix}thumbs_${still}/${thumb}_${still}`),
              ),
            { timeoutMs: 30_000 },
          );
          const served = await servedFile(s3, creative, (creative.file || creative.poster) as string);
          expect([served.status, sha256Of(served.body)]).toEqual([200, creative.sha256]);
          expect((await servedFile(s3, creative, still, '400x0')).status).toBe(200);
        }
        expect(troubleLines(worker.output())).toEqual([]);
      } finally {
        await s3Workers?.stopAll();
        await s3Workers?.remove();
        await s3?.stop();
        await gw.stop();
      }
    },
    PIPELINE_TEST_MS,
  );
});
