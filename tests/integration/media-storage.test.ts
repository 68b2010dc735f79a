/**
 * The creative archive's files where PocketBase keeps uploads (docs/creatives.md#storage): on
 * disk and in an S3 bucket (STORAGE_S3_*, versitygw), served back with their thumbnails, and
 * removed with the account that owns them (record deletion, not SQL alone). The scheduled backup
 * on S3 (BACKUP_CRON, BACKUP_S3_*) is in tests/integration/s3-storage.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../fixtures/wait-for.ts';
import type { TestServer, TestUser } from './harness.ts';
import { claim, png, pngPart, upload, writeRows } from './media-support.ts';
import { s3TestFile } from './versitygw.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { CREATIVE_FILES_PATH } from '../../src/domain/media/creative-files.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const s3 = s3TestFile();
const server = s3.server;

/** Archives one new PNG creative of `user` through the worker routes; returns the creative. */
async function archived(started: TestServer, user: TestUser, seed: number) {
  const adId = `store-${seed}`;
  await writeRows(started, user, [{ ad_id: adId, media_url: `https://scontent.example/${adId}.png` }]);
  const [task] = await claim(started, 'w1', 1);
  expect(task!.ad_id).toBe(adId);
  const uploaded = await upload(started, task!.id, 'w1', { file: pngPart(await png(seed)) });
  expect(uploaded.status).toBe(200);
  return started.superuser.collection(COLLECTIONS.creatives).getOne(uploaded.body.creative);
}

async function deleteAccount(user: TestUser) {
  await user.pb.send(SERVER_ROUTES.accountDelete.path, {
    method: 'POST',
    body: { oldPassword: user.password, confirm: 'DELETE' },
  });
}

/** A creative's file, `path` under CREATIVE_FILES_PATH ('{creative}/{file}?thumb=…'), as anyone gets it. */
async function served(started: TestServer, path: string) {
  const response = await fetch(`${started.url}${CREATIVE_FILES_PATH}${path}`);
  return { status: response.status, type: response.headers.get('content-type') };
}

describe('creative files', () => {
  it('on disk: served with thumbnails, and deleted with the account', { timeout: 60_000 }, async () => {
    const started = await server({});
    const [alice, bob] = await Promise.all([started.createUser('alice'), started.createUser('bob')]);
    const creative = await archived(started, alice, 11);
    const kept = await archived(started, bob, 12);
    const dir = (c: { collectionId: string; id: string }) =>
      join(started.dataDir, 'storage', c.collectionId, c.id);
    expect(existsSync(join(dir(creative), creative.file as string))).toBe(true);
    expect(await served(started, `${creative.id}/${creative.file}?thumb=100x100`)).toEqual({
      status: 200,
      type: 'image/png',
    });

    await deleteAccount(alice);
    // PocketBase removes a deleted record's files once its transaction has committed
    await waitUntil('the files to leave the disk', () => !existsSync(dir(creative)), { timeoutMs: 10_000 });
    expect(existsSync(join(dir(kept), kept.file as string))).toBe(true);
    expect(
      (await started.superuser.collection(COLLECTIONS.creatives).getFullList()).map((c) => c.id),
    ).toEqual([kept.id]);
  });

  it(
    'on S3: archived into the bucket, served with thumbnails, and deleted with the account',
    { timeout: 60_000 },
    async () => {
      const bucket = s3.gw().bucket('creatives');
      const started = await server(s3.gw().env('STORAGE_S3', bucket));
      await started.waitForOutput(`file storage: S3 bucket ${bucket}`);
      const [alice, bob] = await Promise.all([started.createUser('alice'), started.createUser('bob')]);
      const creative = await archived(started, alice, 21);
      const kept = await archived(started, bob, 22);
      const key = (c: { collectionId: string; id: string }) => `${c.collectionId}/${c.id}/`;
      expect(s3.gw().keys(bucket)).toContain(`${key(creative)}${creative.file}`);
      expect(existsSync(join(started.dataDir, 'storage', creative.collectionId))).toBe(false);
      for (const thumb of ['', '?thumb=100x100', '?thumb=400x0'])
        expect(await served(started, `${creative.id}/${creative.file}${thumb}`)).toEqual({
          status: 200,
          type: 'image/png',
        });
      // the thumbnail is made once and kept in the bucket beside the file
      expect(
        s3
          .gw()
          .keys(bucket)
          .filter((k) => k.startsWith(`${key(creative)}thumbs_`)).length,
      ).toBeGreaterThan(0);

      await deleteAccount(alice);
      await waitUntil(
        'the files to leave the bucket',
        () =>
          !s3
            .gw()
            .keys(bucket)
            .some((k) => k.startsWith(key(creative))),
        { timeoutMs: 10_000 },
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${started.output()}`);
      });
      expect(s3.gw().keys(bucket)).toContain(`${key(kept)}${kept.file}`);
    },
  );
});
