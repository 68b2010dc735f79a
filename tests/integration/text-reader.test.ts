/**
 * The text on every creative (docs/ai.md#the-text-on-a-creative), against the real server: the
 * archive queues one reading per creative in the upload's transaction; the text routes lease it
 * to one worker at a time, store a reading once (the creative's text fields, and its tags joined
 * into the tagged rows of it, in one transaction), back off a failure and then mark the creative
 * unreadable; and a real worker, idle, reads a creative archived meanwhile.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { LEASE_NOT_HELD_MESSAGE } from '../../src/domain/runs/lease-contract.ts';
import { TEXT_ATTEMPTS_MAX, type TextTask } from '../../src/domain/tags/text-contract.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { RENDERED_CREATIVES, renderCreative } from '../fixtures/rendered-creatives.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { claimOnly, freshAdId, postJson, upload } from './media-support.ts';
import { workerPool } from './worker-runs.ts';

let server: TestServer;
let alice: TestUser;
let picture: Buffer;

beforeAll(async () => {
  server = await startTestServer({ env: { OCR_LEASE_SECONDS: '120' } });
  alice = await server.createUser('alice');
  picture = await renderCreative(RENDERED_CREATIVES.find((c) => c.name === 'de price')!);
});
afterAll(async () => {
  await server?.stop();
});

const tasks = () => server.superuser.collection(COLLECTIONS.textTasks);
const creatives = () => server.superuser.collection(COLLECTIONS.creatives);
const results = () => server.superuser.collection(COLLECTIONS.searchResults);
const jpegPart = (bytes: Buffer) => ({ bytes, name: 'creative.jpg', type: 'image/jpeg' });

/**
 * A creative of `user` archived for a new ad (the archive's routes, as a worker calls them); the
 * ad's row gets `tags` first when given, as the results write of a tagging worker gives them.
 */
async function archived(
  user: TestUser,
  bytes: Buffer,
  { adId = freshAdId('text'), tags }: { adId?: string; tags?: string[] } = {},
): Promise<string> {
  return archiveNow(await adToArchive(user, { adId, tags }), bytes);
}

/** The ad's run written and its archive task claimed by 'archiver' (nothing uploaded yet). */
async function adToArchive(
  user: TestUser,
  { adId = freshAdId('text'), tags }: { adId?: string; tags?: string[] } = {},
): Promise<{ id: string }> {
  const media = await claimOnly(server, user, adId, 'archiver');
  if (tags) {
    for (const row of await results().getFullList({ filter: `ad_id = "${adId}"` }))
      await results().update(row.id, { tags });
  }
  return media;
}

async function archiveNow(media: { id: string }, bytes: Buffer): Promise<string> {
  const stored = await upload(server, media.id, 'archiver', { file: jpegPart(bytes) });
  if (stored.status !== 200) throw new Error(`upload: ${JSON.stringify(stored)}`);
  return stored.body.creative;
}

/** Settles every pending text task, so that a test claims only its own. */
async function drainText(): Promise<void> {
  for (const task of await tasks().getFullList({ filter: 'status = "pending"' }))
    await tasks().update(task.id, { status: 'done', lease_owner: '' });
}

async function claimText(worker: string, limit = 8) {
  return postJson<{ tasks: TextTask[]; message?: string }>(server, SERVER_ROUTES.textClaim.path, {
    worker,
    limit,
  });
}

const reading = (worker: string, text: string, tags: string[] = []) => ({
  worker,
  text,
  confidence: 88.4,
  language: text ? 'de' : null,
  tags,
});

/** A distinct image each time (the archive keeps one creative per file). */
let variant = 0;
async function anotherPicture(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  variant += 1;
  return sharp(picture)
    .modulate({ brightness: 1 + variant / 1000 })
    .jpeg()
    .toBuffer();
}

describe('queueing a reading', () => {
  it('queues one task per creative in the upload’s transaction, and marks the creative pending', async () => {
    await drainText();
    const creative = await archived(alice, picture);
    expect((await creatives().getOne(creative)).text_status).toBe('pending');
    const queued = await tasks().getFullList({ filter: `creative = "${creative}"` });
    expect(queued.map((t) => [t.user, t.status, t.attempts])).toEqual([[alice.id, 'pending', 0]]);
    // the same file for another ad links the same creative: still one task
    await archived(alice, picture);
    expect(await tasks().getFullList({ filter: `creative = "${creative}"` })).toHaveLength(1);
  });

  it('is superuser only: a user cannot list the tasks', async () => {
    await expect(alice.pb.collection(COLLECTIONS.textTasks).getFullList()).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('the claim', () => {
  it('hands out the creative’s image on this server and the languages of its rows, English last', async () => {
    await drainText();
    const creative = await archived(alice, await anotherPicture(), { tags: ['offer:price', 'lang:de'] });
    const claimed = await claimText('w1');
    expect(claimed.status).toBe(200);
    expect(claimed.body.tasks).toHaveLength(1);
    const task = claimed.body.tasks[0]!;
    expect(task).toMatchObject({ creative, languages: ['de', 'en'], attempts: 1 });
    const image = await fetch(`${server.url}${task.image}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).length).toBeGreaterThan(1000);
    // held: nobody else gets it
    expect((await claimText('w2')).body.tasks).toEqual([]);
    await postJson(server, SERVER_ROUTES.textRelease.url(task.id), { worker: 'w1' });
  });

  it('reads the newest creatives first', async () => {
    await drainText();
    const older = await archived(alice, await anotherPicture());
    const newer = await archived(alice, await anotherPicture());
    const claimed = await claimText('w1', 1);
    expect(claimed.body.tasks.map((t) => t.creative)).toEqual([newer]);
    expect((await claimText('w1', 1)).body.tasks.map((t) => t.creative)).toEqual([older]);
  });
});

describe('storing a reading', () => {
  it('stores it once: the holder’s, not a worker whose lease ran out', async () => {
    await drainText();
    const creative = await archived(alice, await anotherPicture());
    const rows = await results().getFullList({ filter: `creative = "${creative}"` });
    await results().update(rows[0]!.id, { tags: ['hook:urgency', 'lang:de', 'cta:shop_now'] });
    const before = await results().getOne(rows[0]!.id);
    const first = (await claimText('w1')).body.tasks[0]!;
    // w1's lease runs out; w2 claims the task again
    await tasks().update(first.id, { lease_expires_at: toPbDate(Date.now() - 1000) });
    const second = (await claimText('w2')).body.tasks[0]!;
    expect(second).toMatchObject({ id: first.id, attempts: 2 });
    const late = await postJson(server, SERVER_ROUTES.textRead.url(first.id), reading('w1', 'stale'));
    expect(late).toMatchObject({ status: 409, body: { message: LEASE_NOT_HELD_MESSAGE } });

    const text = 'Jetzt für 24,99 €\nGeld-zurück-Garantie';
    const stored = await postJson(
      server,
      SERVER_ROUTES.textRead.url(second.id),
      reading('w2', text, ['offer:guarantee', 'offer:price', 'not-a-tag', 'offer:price']),
    );
    expect(stored).toMatchObject({ status: 200, body: { status: 'read', rows: 1 } });
    const read = await creatives().getOne(creative);
    expect(read).toMatchObject({
      text,
      text_confidence: 88,
      text_language: 'de',
      text_status: 'read',
      text_tags: ['offer:price', 'offer:guarantee'],
    });
    // the row's tags grew by the text's, in the vocabulary's order, and its `updated` moved
    const row = await results().getOne(rows[0]!.id);
    expect(row.tags).toEqual(['offer:price', 'offer:guarantee', 'hook:urgency', 'lang:de', 'cta:shop_now']);
    expect(row.updated > before.updated).toBe(true);
    // settled: a second store is refused, the task is done
    const again = await postJson(server, SERVER_ROUTES.textRead.url(second.id), reading('w2', 'again'));
    expect(again.status).toBe(409);
    expect((await tasks().getOne(second.id)).status).toBe('done');
    expect((await creatives().getOne(creative)).text).toBe(text);
  });

  it('marks a creative without legible text `none`, and keeps its text to the limit', async () => {
    await drainText();
    const blank = await archived(alice, await anotherPicture());
    const task = (await claimText('w1')).body.tasks[0]!;
    const stored = await postJson(server, SERVER_ROUTES.textRead.url(task.id), reading('w1', '  '));
    expect(stored.body).toEqual({ status: 'none', rows: 0 });
    expect(await creatives().getOne(blank)).toMatchObject({
      text: '',
      text_status: 'none',
      text_language: '',
      text_tags: [],
    });

    const long = await archived(alice, await anotherPicture());
    const next = (await claimText('w1')).body.tasks[0]!;
    await postJson(server, SERVER_ROUTES.textRead.url(next.id), reading('w1', 'x'.repeat(2500)));
    expect(((await creatives().getOne(long)) as RecordModel & { text: string }).text).toHaveLength(2000);
  });

  it('refuses a malformed reading with a 400 naming it', async () => {
    await drainText();
    await archived(alice, await anotherPicture());
    const task = (await claimText('w1')).body.tasks[0]!;
    const bad = await postJson(server, SERVER_ROUTES.textRead.url(task.id), {
      ...reading('w1', 'text'),
      language: 'xx',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/language/);
    await postJson(server, SERVER_ROUTES.textRelease.url(task.id), { worker: 'w1' });
  });
});

describe('a failed reading', () => {
  it('is tried again after a backoff, and after its last attempt the creative is unreadable', async () => {
    await drainText();
    const creative = await archived(alice, await anotherPicture());
    let task = (await claimText('w1')).body.tasks[0]!;
    for (let attempt = 1; attempt < TEXT_ATTEMPTS_MAX; attempt++) {
      const failed = await postJson<{ status: string; next_attempt_at: string }>(
        server,
        SERVER_ROUTES.textFail.url(task.id),
        { worker: 'w1', error: 'the OCR process ended (SIGKILL)', retry: true },
      );
      expect(failed.body.status).toBe('pending');
      expect(Date.parse(failed.body.next_attempt_at.replace(' ', 'T'))).toBeGreaterThan(Date.now() + 30_000);
      // not due yet: no claim gets it
      expect((await claimText('w1')).body.tasks).toEqual([]);
      await tasks().update(task.id, { next_attempt_at: toPbDate(Date.now() - 1000) });
      task = (await claimText('w1')).body.tasks[0]!;
      expect(task.attempts).toBe(attempt + 1);
    }
    const last = await postJson(server, SERVER_ROUTES.textFail.url(task.id), {
      worker: 'w1',
      error: 'the OCR process ended (SIGKILL)',
      retry: true,
    });
    expect(last.body).toEqual({ status: 'failed', next_attempt_at: '' });
    expect((await creatives().getOne(creative)).text_status).toBe('unreadable');
    expect((await tasks().getOne(task.id)).last_error).toBe('the OCR process ended (SIGKILL)');
  });

  it('fails for good at once when trying again cannot help', async () => {
    await drainText();
    const creative = await archived(alice, await anotherPicture());
    const task = (await claimText('w1')).body.tasks[0]!;
    const failed = await postJson(server, SERVER_ROUTES.textFail.url(task.id), {
      worker: 'w1',
      error: 'the image does not decode',
      retry: false,
    });
    expect(failed.body).toEqual({ status: 'failed', next_attempt_at: '' });
    expect((await creatives().getOne(creative)).text_status).toBe('unreadable');
  });

  it('is handed back at once by a release, its attempt not counted', async () => {
    await drainText();
    await archived(alice, await anotherPicture());
    const task = (await claimText('w1')).body.tasks[0]!;
    const released = await postJson(server, SERVER_ROUTES.textRelease.url(task.id), { worker: 'w1' });
    expect(released.status).toBe(204);
    const again = (await claimText('w2')).body.tasks[0]!;
    expect(again).toMatchObject({ id: task.id, attempts: 1 });
    await postJson(server, SERVER_ROUTES.textRelease.url(task.id), { worker: 'w2' });
  });
});

describe('a real worker', { timeout: 300_000 }, () => {
  it('reads a creative archived while it is idle, and the creative’s rows get its tags', async () => {
    await drainText();
    // The ad's run is written before the worker starts: an idle worker claims a queued run itself
    const media = await adToArchive(alice, { tags: ['lang:de'] });
    const workers = await workerPool(
      server,
      { MEDIA_CONCURRENCY: '0', SCOUT_IDLE_POLL_MS: '500', OCR_CONCURRENCY: '1' },
      { captureOutput: true },
    );
    try {
      const worker = workers.start('reader');
      await waitFor('the worker to be ready', worker.output, (out) => /ready:/.test(out), {
        timeoutMs: 60_000,
      });
      const creative = await archiveNow(media, await anotherPicture());
      const rows = await results().getFullList({ filter: `creative = "${creative}"` });
      const read = await waitFor(
        'the creative to be read',
        () => creatives().getOne(creative),
        (record) => record.text_status !== 'pending',
        { timeoutMs: 180_000, intervalMs: 500, context: worker.output },
      );
      expect(read.text_status).toBe('read');
      expect(read.text).toContain('Geld-zurück-Garantie');
      expect(read.text_language).toBe('de');
      expect(read.text_tags).toEqual(expect.arrayContaining(['offer:price', 'offer:guarantee']));
      const row = await results().getOne(rows[0]!.id);
      expect(row.tags).toEqual(expect.arrayContaining(['offer:price', 'offer:guarantee', 'lang:de']));
      expect(worker.output()).not.toMatch(/not read|text task .* stopped|failed/);
    } finally {
      await workers.stopAll();
      await workers.remove();
    }
  });
});
