/**
 * The creative archive's uploads and records (docs/creatives.md, docs/routes.md#the-archive-routes):
 * an upload is stored once per user (by sha256) and linked to the user's rows, the user always the
 * task's; what the archive does not keep is a 400; creatives are the owner's alone and written by
 * no user; the sync route and the data export carry them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREATIVE_FILE_MAX_BYTES,
  CREATIVE_MIME_TYPES,
  CREATIVE_UPLOAD_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
} from '../../src/domain/media/creative-limits.ts';
import { LEASE_NOT_HELD_MESSAGE } from '../../src/domain/runs/lease-contract.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import {
  claim,
  claimOnly as claimOnlyOn,
  drainTasks,
  freshAdId,
  mediaLink,
  mp4,
  png,
  pngPart,
  postJson,
  sha256,
  taskOf,
  upload,
  writeRows,
  type UploadParts,
} from './media-support.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { CREATIVE_FILES_PATH } from '../../src/domain/media/creative-files.ts';

// Long enough for any request of these tests on a busy machine (a 40 MB upload included): the
// test of a lease that ran out moves that lease's end into the past instead of waiting for it.
const LEASE_SECONDS = 120;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
const ad = freshAdId;
const link = mediaLink;

beforeAll(async () => {
  server = await startTestServer({ env: { MEDIA_LEASE_SECONDS: String(LEASE_SECONDS) } });
  [alice, bob] = await Promise.all([server.createUser('alice'), server.createUser('bob')]);
});
afterAll(async () => {
  await server?.stop();
});

const claimOnly = (user: TestUser, adId: string, worker = 'w1') => claimOnlyOn(server, user, adId, worker);

describe('upload and known', () => {
  it('stores the creative for the task’s user, links the user’s rows of the ad and archives the task', async () => {
    const adId = ad('up');
    // two runs of the same ad: both rows get the creative
    await drainTasks(server);
    await writeRows(server, alice, [{ ad_id: adId, media_url: link(adId) }]);
    await writeRows(server, alice, [{ ad_id: adId, media_url: link(adId) }]);
    const [task] = await claim(server, 'w1');
    expect(task!.ad_id).toBe(adId);
    const rowsBefore = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `user = "${alice.id}" && ad_id = "${adId}"` });
    expect(rowsBefore).toHaveLength(2);
    const bytes = await png(1);
    // a request naming another user changes nothing: the user is the task's
    const uploaded = await upload(server, task!.id, 'w1', { file: pngPart(bytes), fields: { user: bob.id } });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.rows).toBe(2);
    const creative = await server.superuser.collection(COLLECTIONS.creatives).getOne(uploaded.body.creative);
    expect([creative.user, creative.sha256, creative.mime, creative.bytes, creative.phash]).toEqual([
      alice.id,
      sha256(bytes),
      'image/png',
      bytes.length,
      '0123456789012345',
    ]);
    const rows = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `user = "${alice.id}" && ad_id = "${adId}"` });
    for (const row of rows) {
      expect(row.creative).toBe(creative.id);
      expect(row.updated > rowsBefore.find((r) => r.id === row.id)!.updated).toBe(true);
    }
    const archived = await taskOf(server, alice, adId);
    expect([archived.status, archived.creative, archived.lease_owner]).toEqual(['archived', creative.id, '']);

    // the owner reads it and its thumbnails; another user sees nothing
    expect((await alice.pb.collection(COLLECTIONS.creatives).getOne(creative.id)).file).toBe(creative.file);
    expect(await statusOf(bob.pb.collection(COLLECTIONS.creatives).getOne(creative.id))).toBe(404);
    expect((await bob.pb.collection(COLLECTIONS.creatives).getFullList()).map((c) => c.id)).not.toContain(
      creative.id,
    );
    for (const thumb of ['', '?thumb=100x100', '?thumb=400x0']) {
      const response = await fetch(
        `${server.url}${CREATIVE_FILES_PATH}${creative.id}/${creative.file}${thumb}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
    }

    // a later run of the ad gets the creative when its rows are written; no new task
    const runId = await writeRows(server, alice, [{ ad_id: adId, media_url: link(adId, 3) }]);
    const [row] = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${runId}"` });
    expect(row!.creative).toBe(creative.id);
    expect((await taskOf(server, alice, adId)).status).toBe('archived');
  });

  it('keeps one creative per user and file: the same sha256 under other ads is linked, not stored again', async () => {
    const bytes = await png(2);
    const [first, second, third] = [ad('dup'), ad('dup'), ad('dup')];
    const t1 = await claimOnly(alice, first);
    const created = await upload(server, t1.id, 'w1', { file: pngPart(bytes) });
    expect(created.status).toBe(200);

    const t2 = await claimOnly(alice, second);
    const known = await postJson(server, SERVER_ROUTES.mediaKnown.url(t2.id), {
      worker: 'w1',
      sha256: sha256(bytes),
    });
    expect(known).toEqual({ status: 200, body: { creative: created.body.creative } });
    expect((await taskOf(server, alice, second)).status).toBe('archived');

    const t3 = await claimOnly(alice, third);
    const unknown = await postJson(server, SERVER_ROUTES.mediaKnown.url(t3.id), {
      worker: 'w1',
      sha256: 'a'.repeat(64),
    });
    expect(unknown.body).toEqual({ creative: null });
    const again = await upload(server, t3.id, 'w1', { file: pngPart(bytes) });
    expect(again.body.creative).toBe(created.body.creative);
    const stored = await server.superuser
      .collection(COLLECTIONS.creatives)
      .getFullList({ filter: `sha256 = "${sha256(bytes)}"` });
    expect(stored.map((c) => c.user)).toEqual([alice.id]);

    // another user's copy of the same file is theirs
    const b1 = await claimOnly(bob, ad('dup'));
    const bobs = await upload(server, b1.id, 'w1', { file: pngPart(bytes) });
    expect(bobs.body.creative).not.toBe(created.body.creative);
    expect((await server.superuser.collection(COLLECTIONS.creatives).getOne(bobs.body.creative)).user).toBe(
      bob.id,
    );
  });

  it('refuses what the archive does not keep with a 400 and stores nothing', async () => {
    const adId = ad('bad');
    const task = await claimOnly(alice, adId);
    const text = Buffer.from('this is not an image at all\n'.repeat(20));
    const cases: UploadParts[] = [
      { file: { bytes: text, name: 'fake.jpg', type: 'image/jpeg' } },
      {},
      { file: pngPart(await png(3)), fields: { bytes: '7' } },
      { file: pngPart(await png(3)), fields: { sha256: 'nope' } },
      { file: pngPart(await png(3)), fields: { mime: 'text/plain' } },
      { poster: pngPart(await png(3)), fields: { mime: 'video/mp4' } },
    ];
    for (const parts of cases) expect((await upload(server, task.id, 'w1', parts)).status).toBe(400);
    expect(
      (
        await server.superuser
          .collection(COLLECTIONS.creatives)
          .getFullList({ filter: `sha256 = "${sha256(text)}"` })
      ).length,
    ).toBe(0);
    expect((await taskOf(server, alice, adId)).status).toBe('pending');
    // bad JSON bodies too
    expect((await postJson(server, SERVER_ROUTES.mediaClaim.path, { worker: 'w1', limit: 0 })).status).toBe(
      400,
    );
    expect(
      (await postJson(server, SERVER_ROUTES.mediaKnown.url(task.id), { worker: 'w1', sha256: 'x' })).status,
    ).toBe(400);
    expect(
      (await postJson(server, SERVER_ROUTES.mediaFail.url(task.id), { worker: 'w1', error: 'x' })).status,
    ).toBe(400);
  });

  it('takes a video past PocketBase’s default body limit, up to its own', async () => {
    const adId = ad('video');
    const task = await claimOnly(alice, adId);
    const video = mp4(40 * 1024 * 1024);
    const poster = await png(4);
    const uploaded = await upload(server, task.id, 'w1', {
      file: { bytes: video, name: 'creative.mp4', type: 'video/mp4' },
      poster: pngPart(poster),
    });
    expect(uploaded.status).toBe(200);
    const creative = await server.superuser.collection(COLLECTIONS.creatives).getOne(uploaded.body.creative);
    expect([creative.mime, creative.bytes]).toEqual(['video/mp4', video.length]);
    const thumb = await fetch(
      `${server.url}${CREATIVE_FILES_PATH}${creative.id}/${creative.poster}?thumb=100x100`,
    );
    expect(thumb.status).toBe(200);

    // a body declared past the route's limit is refused before it is read
    const over = await fetch(`${server.url}${SERVER_ROUTES.mediaCreative.url(task.id)}`, {
      method: 'POST',
      headers: {
        Authorization: server.worker.authStore.token,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(CREATIVE_UPLOAD_MAX_BYTES + 1),
      },
      body: new ReadableStream({ start: (controller) => controller.enqueue(new Uint8Array(16)) }),
      duplex: 'half',
    } as RequestInit).catch((error: Error) => error);
    expect(over instanceof Error ? over.message : over.status).toBe(413);
  });
});

describe('who may do what', () => {
  it('the media routes answer workers only, and a task the worker does not hold or that does not exist', async () => {
    const adId = ad('who');
    const task = await claimOnly(alice, adId, 'w1');
    expect(
      (
        await postJson(
          server,
          SERVER_ROUTES.mediaClaim.path,
          { worker: 'w1', limit: 1 },
          alice.pb.authStore.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (await postJson(server, SERVER_ROUTES.mediaClaim.path, { worker: 'w1', limit: 1 }, '')).status,
    ).toBe(401);
    const asAlice = await upload(
      server,
      task.id,
      'w1',
      { file: pngPart(await png(5)) },
      alice.pb.authStore.token,
    );
    expect(asAlice.status).toBe(403);
    const notHeld = await postJson(server, SERVER_ROUTES.mediaKnown.url(task.id), {
      worker: 'w2',
      sha256: 'a'.repeat(64),
    });
    expect([notHeld.status, notHeld.body.message]).toEqual([409, LEASE_NOT_HELD_MESSAGE]);
    expect((await upload(server, task.id, 'w2', { file: pngPart(await png(5)) })).status).toBe(409);
    expect(
      (await postJson(server, SERVER_ROUTES.mediaRelease.url('nosuchtask00000'), { worker: 'w1' })).status,
    ).toBe(404);
    // a request naming a user is the task's user's all the same
    const known = await postJson(server, SERVER_ROUTES.mediaFail.url(task.id), {
      worker: 'w1',
      error: 'x',
      retry: false,
      user: bob.id,
    });
    expect(known.status).toBe(200);
    expect((await taskOf(server, alice, adId)).user).toBe(alice.id);
  });

  it('users read only their own creatives and can create, update or delete none; tasks are the superuser’s', async () => {
    const task = await claimOnly(alice, ad('rules'));
    const { body } = await upload(server, task.id, 'w1', { file: pngPart(await png(6)) });
    const mine = alice.pb.collection(COLLECTIONS.creatives);
    const file = new File([new Uint8Array(await png(7))], 'x.png', { type: 'image/png' });
    expect(
      await statusOf(mine.create({ user: alice.id, sha256: 'b'.repeat(64), mime: 'image/png', file })),
    ).toBe(403);
    expect(await statusOf(mine.update(body.creative, { sha256: 'c'.repeat(64) }))).toBe(403);
    expect(await statusOf(mine.delete(body.creative))).toBe(403);
    expect(
      await statusOf(bob.pb.collection(COLLECTIONS.creatives).update(body.creative, { mime: 'image/gif' })),
    ).toBe(403);
    expect((await server.superuser.collection(COLLECTIONS.creatives).getOne(body.creative)).sha256).not.toBe(
      'c'.repeat(64),
    );
    expect(await statusOf(alice.pb.collection(COLLECTIONS.mediaTasks).getFullList())).toBe(403);
    expect(
      (await bob.pb.collection(COLLECTIONS.creatives).getFullList()).every((c) => c.user === bob.id),
    ).toBe(true);
  });

  it('the migration sets the file fields to the shared limits', async () => {
    const collection = await server.superuser.collections.getOne(COLLECTIONS.creatives);
    const field = (name: string) => collection.fields.find((f) => f.name === name)!;
    expect([
      field('file').maxSize,
      field('file').mimeTypes,
      field('file').thumbs,
      field('file').protected,
    ]).toEqual([CREATIVE_FILE_MAX_BYTES, [...CREATIVE_MIME_TYPES], ['100x100', '400x0'], false]);
    expect([field('poster').maxSize, field('poster').mimeTypes]).toEqual([
      IMAGE_MAX_BYTES,
      [...IMAGE_MIME_TYPES],
    ]);
    expect([
      collection.listRule,
      collection.viewRule,
      collection.createRule,
      collection.updateRule,
      collection.deleteRule,
    ]).toEqual([
      '@request.auth.id != "" && user = @request.auth.id',
      '@request.auth.id != "" && user = @request.auth.id',
      null,
      null,
      null,
    ]);
  });
});

describe('the owner’s copies', () => {
  it('the sync route returns the caller’s creatives, and the data export lists them', async () => {
    const task = await claimOnly(alice, ad('sync'));
    const bytes = await png(8);
    const { body } = await upload(server, task.id, 'w1', { file: pngPart(bytes) });
    const page = (user: TestUser) =>
      user.pb.send<{ items: { id: string; sha256: string; file: string; user: string }[] }>(
        SERVER_ROUTES.syncPage.url(COLLECTIONS.creatives),
        { query: { updated: '', id: '', limit: 1000, fields: 'id,user,sha256,file,poster,updated' } },
      );
    const items = (await page(alice)).items;
    expect(items.map((c) => c.id)).toContain(body.creative);
    expect(items.every((c) => c.user === alice.id)).toBe(true);
    expect((await page(bob)).items.map((c) => c.id)).not.toContain(body.creative);

    const exported = await alice.pb.send<{ creatives: { id: string; sha256: string; file: string }[] }>(
      SERVER_ROUTES.accountExport.path,
      {},
    );
    const entry = exported.creatives.find((c) => c.id === body.creative);
    expect(entry).toMatchObject({ sha256: sha256(bytes), file: expect.stringMatching(/\.png$/) });
  });
});
