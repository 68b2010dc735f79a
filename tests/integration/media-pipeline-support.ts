/**
 * What the creative archive's end-to-end tests share (docs/creatives.md#the-flow): real worker
 * processes scouting the demo with its media on the CDN double (tests/fixtures/fake-cdn.ts), the
 * rows, tasks and creatives they leave behind, the bytes each creative must hold, where its
 * thumbnails land, and a second loopback origin for what the double does not serve (a video over
 * MEDIA_VIDEO_MAX_MB, a busy CDN's 503).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordModel } from 'pocketbase';
import sharp from 'sharp';
import { expect } from 'vitest';
import { CREATIVE_THUMBS } from '../../src/domain/media/creative-limits.ts';
import type { FakeCdn } from '../fixtures/fake-cdn.ts';
import { magicType } from '../fixtures/image-probe.ts';
import { startDouble, type LoopbackDouble } from '../fixtures/loopback-double.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import type { TestServer, TestUser } from './harness.ts';
import { mp4 } from './media-support.ts';
import { workerPool } from './worker-runs.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { CREATIVE_FILES_PATH } from '../../src/domain/media/creative-files.ts';

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Workers whose demo media are links on `cdn`, which they may fetch; their output is kept. */
export function archiveWorkers(server: TestServer, cdn: FakeCdn, env: Record<string, string> = {}) {
  return workerPool(
    server,
    {
      DEMO_MEDIA_BASE: cdn.url,
      MEDIA_FETCH_ALLOW: cdn.hostPort,
      SCOUT_DEMO_PACE_MS: '50',
      SCOUT_IDLE_POLL_MS: '200',
      ...env,
    },
    { captureOutput: true },
  );
}

/**
 * The lines of a worker's output that report trouble with the archive (or anything else):
 * a claim or a task that failed or stopped, a thumbnail not made, the worker failing.
 */
export function troubleLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /fail|error|stopped|not archived|not made|could not|lease ran out/i.test(line));
}

export const rowsOfRun = (server: TestServer, runId: string) =>
  server.superuser.collection(COLLECTIONS.searchResults).getFullList({
    filter: `run = "${runId}"`,
    fields: 'id,ad_id,media_url,media_poster_url,creative',
  });

export const tasksOf = (server: TestServer, user: TestUser) =>
  server.superuser
    .collection(COLLECTIONS.mediaTasks)
    .getFullList({ filter: `user = "${user.id}"`, sort: 'ad_id' });

export const creativesOf = (server: TestServer, user: TestUser) =>
  server.superuser.collection(COLLECTIONS.creatives).getFullList({ filter: `user = "${user.id}"` });

/** Waits until the user has tasks and none is pending (each archived or failed for good). */
export function tasksSettled(server: TestServer, user: TestUser, timeoutMs = 90_000) {
  return waitFor(
    'every media task to settle',
    () => tasksOf(server, user),
    (tasks) => tasks.length > 0 && tasks.every((task) => task.status !== 'pending'),
    { timeoutMs, intervalMs: 250 },
  );
}

export const pathOf = (link: string) => new URL(link).pathname;
export const isVideoLink = (link: string) => link !== '' && pathOf(link).endsWith('.mp4');

/** The links a worker fetches for a row or task: the file, and a video's (or a file-less ad's) poster. */
export function fetchedLinks(links: { media_url: string; media_poster_url: string }): string[] {
  const { media_url, media_poster_url } = links;
  if (media_url && !isVideoLink(media_url)) return [media_url];
  return [media_url, media_poster_url].filter(Boolean);
}

/** The sha256 of the file the creative of a row must be: the file the CDN serves (or its poster). */
export async function expectedSha(
  cdn: FakeCdn,
  row: { media_url: string; media_poster_url: string },
): Promise<string> {
  return sha256Of(await cdn.bytesFor(row.media_url || row.media_poster_url));
}

/** The folder a stored file's thumbnails are kept in on disk (PocketBase's `thumbs_<file>`). */
export function thumbsDir(server: TestServer, creative: RecordModel, file: string): string {
  return join(server.dataDir, 'storage', creative.collectionId, creative.id, `thumbs_${file}`);
}

/** True once both of the creative's thumbnails of `file` are on disk. */
export function thumbsOnDisk(server: TestServer, creative: RecordModel, file: string): boolean {
  return CREATIVE_THUMBS.every((thumb) =>
    existsSync(join(thumbsDir(server, creative, file), `${thumb}_${file}`)),
  );
}

/** A file of a creative as anyone (no session) gets it: status, type and bytes. */
export async function servedFile(server: TestServer, creative: RecordModel, file: string, thumb = '') {
  const response = await fetch(
    `${server.url}${CREATIVE_FILES_PATH}${creative.id}/${encodeURIComponent(file)}${thumb ? `?thumb=${thumb}` : ''}`,
  );
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * Checks that every row of the run with a media link has its creative, that the creative holds
 * the bytes the CDN served for it (sha256, type, a perceptual hash, the still's size) and that the
 * user has one creative per distinct file. Returns the user's creatives.
 */
export async function expectArchivedRows(server: TestServer, cdn: FakeCdn, user: TestUser, runId: string) {
  const rows = await rowsOfRun(server, runId);
  const withMedia = rows.filter((row) => row.media_url || row.media_poster_url);
  expect(withMedia.length).toBeGreaterThan(0);
  expect(withMedia.filter((row) => !row.creative).map((row) => row.ad_id)).toEqual([]);
  const creatives = new Map((await creativesOf(server, user)).map((c) => [c.id, c]));
  const distinct = new Set<string>();
  for (const row of withMedia) {
    const creative = creatives.get(row.creative as string);
    expect(creative, row.ad_id).toBeDefined();
    const bytes = await cdn.bytesFor(row.media_url || row.media_poster_url);
    const sha = sha256Of(bytes);
    distinct.add(sha);
    expect(creative!.sha256, row.ad_id).toBe(sha);
    expect(creative!.bytes, row.ad_id).toBe(bytes.length);
    expect(creative!.mime, row.ad_id).toBe(mimeOf(bytes));
    expect(creative!.phash, row.ad_id).toMatch(/^[0-9a-f]{16}$/);
    // the size of what shows: the image, or a video's poster
    const still = isVideoLink(row.media_url) ? await cdn.bytesFor(row.media_poster_url) : bytes;
    const { width, height } = await sharp(still).metadata();
    expect([creative!.width, creative!.height], row.ad_id).toEqual([width, height]);
  }
  // once per user: the same file under several ads is one creative
  expect(creatives.size).toBe(distinct.size);
  return [...creatives.values()];
}

const MIMES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

export function mimeOf(bytes: Buffer): string {
  return MIMES[magicType(bytes) ?? ''] ?? 'unknown';
}

/**
 * A second loopback origin: `/big.mp4` answers an MP4 of `bigVideoBytes`, `/busy.jpg` a 503 as a
 * CDN under load does. The worker must be allowed to fetch it (MEDIA_FETCH_ALLOW).
 */
export async function startMediaOrigin(
  bigVideoBytes: number,
): Promise<LoopbackDouble & { hostPort: string }> {
  const big = mp4(bigVideoBytes);
  const double = await startDouble((request, response) => {
    if (request.path === '/big.mp4') {
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(big.length) });
      response.end(big);
      return;
    }
    response.writeHead(request.path === '/busy.jpg' ? 503 : 404, { 'content-type': 'text/plain' });
    response.end(request.path === '/busy.jpg' ? 'Service Unavailable' : 'Not Found');
  });
  return { ...double, hostPort: new URL(double.url).host };
}
