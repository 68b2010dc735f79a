/**
 * What the creative archive's integration tests share (docs/creatives.md): rows written through
 * the worker's results route (which queues the archive's tasks), the media routes called as a
 * worker, and real image and video bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { RecordModel } from 'pocketbase';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import type { MediaTask } from '../../src/domain/media/media-contract.ts';
import type { TestServer, TestUser } from './harness.ts';
import { createWorkingRun } from '../fixtures/records.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

export const WRITER = 'writer';

/** An answer as status and JSON body, whatever the status. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

async function answer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

export async function postJson<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  body: unknown,
  token = server.worker.authStore.token,
): Promise<Answer<T>> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify(body),
  });
  return answer<T>(response);
}

/** Ends every working run, so the next run the writer claims is the one just made. */
async function drainRuns(server: TestServer): Promise<void> {
  const working = await server.superuser
    .collection(COLLECTIONS.searchRuns)
    .getFullList({ filter: 'status = "working"' });
  for (const run of working)
    await server.superuser.collection(COLLECTIONS.searchRuns).update(run.id, { status: 'failed' });
}

/**
 * Rows of `user` written as a worker writes them: a working run, claimed, the rows posted to
 * its results route, then the run ended. Returns the run's id.
 */
export async function writeRows(
  server: TestServer,
  user: TestUser,
  rows: { ad_id: string; media_url?: string; media_poster_url?: string }[],
): Promise<string> {
  await drainRuns(server);
  const runId = await createWorkingRun(server.superuser, user.id, {
    search_name: 'Creatives',
    facebook_link: 'https://www.facebook.com/ads/library/?q=lamps',
    requested_count: Math.max(rows.length, 1),
  });
  const claimed = await postJson<{ run: { id: string } | null }>(server, SERVER_ROUTES.workerClaim.path, {
    worker: WRITER,
  });
  if (claimed.body.run?.id !== runId) throw new Error(`claimed ${JSON.stringify(claimed.body)}`);
  const written = await postJson(server, SERVER_ROUTES.workerRunResults.url(runId), {
    worker: WRITER,
    rows: rows.map((row) => ({ title: `Ad ${row.ad_id}`, ...row })),
  });
  if (written.status !== 200) throw new Error(`results: ${JSON.stringify(written)}`);
  await server.superuser.collection(COLLECTIONS.searchRuns).update(runId, { status: 'failed' });
  return runId;
}

export async function claim(server: TestServer, worker: string, limit = 32): Promise<MediaTask[]> {
  const claimed = await postJson<{ tasks: MediaTask[] }>(server, SERVER_ROUTES.mediaClaim.path, {
    worker,
    limit,
  });
  if (claimed.status !== 200) throw new Error(`claim: ${JSON.stringify(claimed)}`);
  return claimed.body.tasks;
}

/** Settles every pending task for good (leased or not), so a test starts with none to claim. */
export async function drainTasks(server: TestServer): Promise<void> {
  const pending = await server.superuser
    .collection(COLLECTIONS.mediaTasks)
    .getFullList({ filter: 'status = "pending"' });
  for (const task of pending)
    await server.superuser
      .collection(COLLECTIONS.mediaTasks)
      .update(task.id, { status: 'failed', lease_owner: '' });
}

/** The task of (user, ad), as the superuser reads it. */
export function taskOf(server: TestServer, user: TestUser, adId: string): Promise<RecordModel> {
  return server.superuser
    .collection(COLLECTIONS.mediaTasks)
    .getFirstListItem(`user = "${user.id}" && ad_id = "${adId}"`);
}

/** A real PNG of `width` × `height` in one colour: `seed` makes distinct files. */
export async function png(seed: number, width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
}

/** Bytes an MP4 sniffer takes for video/mp4 (an `ftyp` box), padded with noise to `size`. */
export function mp4(size: number): Buffer {
  const ftyp = Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex');
  return Buffer.concat([ftyp, randomBytes(Math.max(0, size - ftyp.length))]);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface UploadParts {
  file?: { bytes: Buffer; name: string; type: string };
  poster?: { bytes: Buffer; name: string; type: string };
  fields?: Record<string, string>;
}

/** POST …/{task}/creative as the worker: the described file (or poster) and its text parts. */
export async function upload(
  server: TestServer,
  taskId: string,
  worker: string,
  parts: UploadParts,
  token = server.worker.authStore.token,
): Promise<Answer<{ creative: string; rows: number; message?: string }>> {
  const main = parts.file ?? parts.poster;
  const form = new FormData();
  const described = main?.bytes ?? Buffer.alloc(0);
  const fields: Record<string, string> = {
    worker,
    sha256: sha256(described),
    phash: '0123456789012345',
    mime: main?.type ?? 'image/png',
    bytes: String(described.length),
    width: '64',
    height: '48',
    ...parts.fields,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const key of ['file', 'poster'] as const) {
    const part = parts[key];
    if (part) form.append(key, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
  }
  const response = await fetch(`${server.url}${SERVER_ROUTES.mediaCreative.url(taskId)}`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  return answer(response);
}

export const pngPart = (bytes: Buffer) => ({ bytes, name: 'creative.png', type: 'image/png' });

let adSeq = 0;
/** A fresh ad id. */
export const freshAdId = (label: string) => `${label}-${++adSeq}-${Date.now()}`;
/** A CDN-like link of an ad's file (never fetched: the tests upload the bytes themselves). */
export const mediaLink = (adId: string, n = 1) => `https://scontent.example/${adId}/${n}.jpg?oe=ABC`;

/** Claims exactly the task of (user, ad) for `worker` (every other due task is settled first). */
export async function claimOnly(
  server: TestServer,
  user: TestUser,
  adId: string,
  worker = 'w1',
): Promise<MediaTask> {
  await drainTasks(server);
  await writeRows(server, user, [{ ad_id: adId, media_url: mediaLink(adId) }]);
  const tasks = await claim(server, worker);
  if (tasks.length !== 1 || tasks[0]!.ad_id !== adId)
    throw new Error(`expected the one task of ${adId}, got ${JSON.stringify(tasks.map((t) => t.ad_id))}`);
  return tasks[0]!;
}
