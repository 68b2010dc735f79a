/**
 * docs/configuration.md#file-storage and docs/going-live.md#backups against a real S3-compatible
 * server (versitygw over a temporary folder): STORAGE_S3_* puts PocketBase's uploaded files in a
 * bucket, a file over 6 MB included (PocketBase uploads those in parts); BACKUP_S3_* puts a backup
 * in another, which restores, a scheduled one (BACKUP_CRON) as well as one made by hand; and files already on disk keep the server from moving to S3 until
 * they are copied over.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../fixtures/wait-for.ts';
import type { TestServer } from './harness.ts';
import { s3TestFile } from './versitygw.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

/** Unset, whatever the shell running the tests has. */
const s3 = s3TestFile();
const server = s3.server;
const MB = 1024 * 1024;

/** A throwaway collection with a file field (no collection of the app has one yet). */
async function uploadsCollection(pb: PocketBase): Promise<string> {
  const collection = await pb.collections.create({
    name: `uploads_${randomBytes(4).toString('hex')}`,
    type: 'base',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'doc', type: 'file', maxSelect: 1, maxSize: 32 * MB },
    ],
  });
  return collection.name;
}

async function upload(pb: PocketBase, collection: string, title: string, bytes: Buffer) {
  return pb.collection(collection).create({ title, doc: new File([new Uint8Array(bytes)], `${title}.bin`) });
}

/** The file of a record, read back through PocketBase's /api/files as the superuser. */
async function download(started: TestServer, record: RecordModel): Promise<Buffer> {
  const url = `${started.url}/api/files/${record.collectionId}/${record.id}/${record.doc as string}`;
  const response = await fetch(url, { headers: { Authorization: started.superuser.authStore.token } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

function keyOf(record: RecordModel): string {
  return `${record.collectionId}/${record.id}/${record.doc as string}`;
}

/**
 * Waits until the server, restarting on a restored backup, answers with exactly `titles` in
 * `collection`; the superuser's client signed in to it. While PocketBase restarts on the restored
 * data a read may fail (500 or a refused connection): the wait goes on until the records answer.
 */
async function restoredTo(
  started: Awaited<ReturnType<typeof server>>,
  collection: string,
  titles: string,
): Promise<PocketBase> {
  const restored = new PocketBase(started.url);
  restored.autoCancellation(false);
  const read = async () => {
    const signedIn = await restored
      .collection(COLLECTIONS.superusers)
      .authWithPassword(started.superuserCredentials.email, started.superuserCredentials.password)
      .then(
        () => true,
        () => false,
      );
    if (!signedIn) return [];
    return restored
      .collection(collection)
      .getFullList({ sort: 'title' })
      .then(
        (records) => records.map((r) => r.title as string),
        () => [],
      );
  };
  await waitUntil('the restore to finish', async () => (await read()).join() === titles, {
    timeoutMs: 60_000,
    intervalMs: 250,
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${started.output()}`);
  });
  return restored;
}

describe('file storage on S3 (STORAGE_S3_*)', () => {
  it(
    'keeps uploads, a multi-part one over 6 MB included, in the bucket and serves them back',
    { timeout: 60_000 },
    async () => {
      const bucket = s3.gw().bucket('files-upload');
      const started = await server(s3.gw().env('STORAGE_S3', bucket));
      await started.waitForOutput(`file storage: S3 bucket ${bucket} at ${s3.gw().endpoint}`);
      expect((await started.superuser.settings.getAll()).s3).toMatchObject({
        enabled: true,
        bucket,
        endpoint: s3.gw().endpoint,
        forcePathStyle: true,
      });
      const collection = await uploadsCollection(started.superuser);
      const small = randomBytes(1234);
      const large = randomBytes(7 * MB + 321);
      const smallRecord = await upload(started.superuser, collection, 'small', small);
      const largeRecord = await upload(started.superuser, collection, 'large', large);

      expect((await download(started, smallRecord)).equals(small)).toBe(true);
      expect((await download(started, largeRecord)).equals(large)).toBe(true);
      // in the S3 server's folder, not in the data dir
      expect(s3.gw().keys(bucket)).toEqual(expect.arrayContaining([keyOf(smallRecord), keyOf(largeRecord)]));
      expect(readFileSync(join(s3.gw().root, bucket, keyOf(largeRecord))).equals(large)).toBe(true);
      expect(() => readFileSync(join(started.dataDir, 'storage', keyOf(smallRecord)))).toThrow(/ENOENT/);
    },
  );

  it(
    'is refused while files uploaded to disk would be left behind, and taken once they are copied over',
    { timeout: 60_000 },
    async () => {
      const started = await server({});
      await started.waitForOutput('file storage: ');
      const collection = await uploadsCollection(started.superuser);
      const bytes = randomBytes(4096);
      const record = await upload(started.superuser, collection, 'on-disk', bytes);
      const localDir = join(started.dataDir, 'storage');
      expect(readFileSync(join(localDir, keyOf(record))).equals(bytes)).toBe(true);

      const bucket = s3.gw().bucket('files-moved');
      await expect(started.restart({ env: s3.gw().env('STORAGE_S3', bucket) })).rejects.toThrow(
        `${localDir} still holds 1 file uploaded before`,
      );
      // the way the message says, with a plain copy into the S3 server's folder for an S3 client
      await started.restart({
        whileStopped: () => {
          cpSync(localDir, join(s3.gw().root, bucket), {
            recursive: true,
            filter: (path) => !path.endsWith('.attrs'),
          });
          rmSync(localDir, { recursive: true });
        },
      });
      await started.waitForOutput(`file storage: S3 bucket ${bucket}`);
      expect((await download(started, record)).equals(bytes)).toBe(true);
    },
  );

  it('refuses to start with a partial STORAGE_S3_* set, naming the missing ones', async () => {
    const started = await server({});
    await expect(started.restart({ env: { STORAGE_S3_BUCKET: 'files' } })).rejects.toThrow(
      'S3 file storage needs STORAGE_S3_REGION, STORAGE_S3_ENDPOINT, STORAGE_S3_ACCESS_KEY, STORAGE_S3_SECRET as well',
    );
  });
});

describe('a backup on S3 (BACKUP_S3_*)', () => {
  it('lands in the bucket and restores, with the files still on S3', { timeout: 120_000 }, async () => {
    const files = s3.gw().bucket('files-backup');
    const backups = s3.gw().bucket('backups');
    const started = await server({
      ...s3.gw().env('STORAGE_S3', files),
      ...s3.gw().env('BACKUP_S3', backups),
    });
    await started.waitForOutput(`on S3 bucket ${backups}`);
    const collection = await uploadsCollection(started.superuser);
    const bytes = randomBytes(2048);
    const kept = await upload(started.superuser, collection, 'kept', bytes);

    await started.superuser.backups.create('adscout-s3-test.zip');
    expect(s3.gw().keys(backups)).toContain('adscout-s3-test.zip');
    expect((await started.superuser.backups.getFullList()).map((b) => b.key)).toContain(
      'adscout-s3-test.zip',
    );

    // made after the backup: the restore takes it away
    await started.superuser.collection(collection).create({ title: 'after' });
    await started.superuser.backups.restore('adscout-s3-test.zip');
    const restored = await restoredTo(started, collection, 'kept');
    const url = `${started.url}/api/files/${kept.collectionId}/${kept.id}/${kept.doc as string}`;
    const response = await fetch(url, { headers: { Authorization: restored.authStore.token } });
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('a scheduled backup on S3 (BACKUP_CRON, BACKUP_S3_*)', () => {
  it('is made by the cron into the bucket and restores', { timeout: 300_000 }, async () => {
    const backups = s3.gw().bucket('backups-scheduled');
    const started = await server({ ...s3.gw().env('BACKUP_S3', backups), BACKUP_CRON: '* * * * *' });
    await started.waitForOutput(`on S3 bucket ${backups}`);
    const collection = await uploadsCollection(started.superuser);
    await started.superuser.collection(collection).create({ title: 'kept' });
    // PocketBase names the backups its cron makes @auto_pb_backup_<app>_<UTC yyyyMMddHHmmss>.zip,
    // the time it began. The cron runs every minute: one begun before 'kept' was saved (even in the
    // same second) would restore without it, so only a backup begun a whole second later counts.
    const keptBy = Math.floor(Date.now() / 1000) * 1000;
    const began = (key: string) => {
      const stamp = /_(\d{14})\.zip$/.exec(key)?.[1] ?? '';
      return Date.parse(stamp.replace(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:$6Z'));
    };
    const scheduled = () =>
      s3
        .gw()
        .keys(backups)
        .find((key) => key.startsWith('@auto_pb_backup_') && began(key) > keptBy);
    await waitUntil('the cron to put a backup in the bucket', () => Boolean(scheduled()), {
      timeoutMs: 130_000,
      intervalMs: 500,
    });
    const key = scheduled()!;
    // the upload is whole once PocketBase lists it
    await waitUntil(
      'PocketBase to list the scheduled backup',
      async () => (await started.superuser.backups.getFullList()).some((b) => b.key === key),
      { timeoutMs: 30_000 },
    );
    await started.superuser.collection(collection).create({ title: 'after' });
    await started.superuser.backups.restore(key);
    await restoredTo(started, collection, 'kept');
  });
});
