/**
 * docs/going-live.md#backups: PocketBase's scheduled backups are on by default (BACKUP_CRON,
 * daily at 03:00 UTC; BACKUP_MAX_KEEP, 7), optionally on S3-compatible storage, written into
 * PocketBase's settings at every start. A backup made through PocketBase's backups API restores
 * into a fresh data dir with the same users, runs and results.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/stack.mjs';
import { BACKUP_ENV_NAMES } from '../../../src/hooks/config/server-settings.ts';
import { createRunWithResults, subscriber } from '../../fixtures/records.ts';
import { waitUntil } from '../../fixtures/wait-for.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { serveBare } from './support.ts';
import PocketBase from 'pocketbase';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

/** Unset, whatever the shell running the tests has. */
const BACKUP_UNSET = Object.fromEntries(BACKUP_ENV_NAMES.map((name) => [name, '']));

async function server(env: Record<string, string> = {}) {
  const started = await startTestServer({ env: { ...BACKUP_UNSET, ...env } });
  servers.push(started);
  return started;
}

describe('scheduled backups', () => {
  it('are on by default: daily at 03:00 UTC, the last 7 kept, on the server’s disk', async () => {
    const started = await server();
    const { backups } = await started.superuser.settings.getAll();
    expect(backups).toMatchObject({ cron: '0 3 * * *', cronMaxKeep: 7, s3: { enabled: false } });
    await started.waitForOutput("backups: on this server's disk only (BACKUP_S3_* is not set)");
  });

  it('follow BACKUP_CRON, BACKUP_MAX_KEEP and the S3 settings, over what the admin UI set', async () => {
    const started = await server({
      BACKUP_CRON: '30 1 * * *',
      BACKUP_MAX_KEEP: '14',
      BACKUP_S3_BUCKET: 'adscout-backups',
      BACKUP_S3_REGION: 'eu-central-1',
      BACKUP_S3_ENDPOINT: 'https://s3.eu-central-1.example.test',
      BACKUP_S3_ACCESS_KEY: 'AKIAEXAMPLE',
      BACKUP_S3_SECRET: 'example-secret',
      BACKUP_S3_FORCE_PATH_STYLE: 'true',
    });
    expect((await started.superuser.settings.getAll()).backups).toMatchObject({
      cron: '30 1 * * *',
      cronMaxKeep: 14,
      s3: {
        enabled: true,
        bucket: 'adscout-backups',
        region: 'eu-central-1',
        endpoint: 'https://s3.eu-central-1.example.test',
        accessKey: 'AKIAEXAMPLE',
        forcePathStyle: true,
      },
    });
    // an edit in the admin UI lasts until the next start, which applies the environment again
    await started.superuser.settings.update({ backups: { cron: '', cronMaxKeep: 1 } });
    await started.restart();
    expect((await started.superuser.settings.getAll()).backups).toMatchObject({
      cron: '30 1 * * *',
      cronMaxKeep: 14,
    });
  });

  it.each([
    [{ BACKUP_CRON: 'every night' }, /BACKUP_CRON must be a five-field cron expression/],
    [{ BACKUP_MAX_KEEP: 'none' }, /BACKUP_MAX_KEEP must be a whole number/],
    [{ BACKUP_S3_BUCKET: 'adscout-backups' }, /S3 backups need BACKUP_S3_REGION, BACKUP_S3_ENDPOINT/],
  ])('refuse to start with %j', async (env, message) => {
    const run = await serveBare(`127.0.0.1:${await freePort()}`, { ...BACKUP_UNSET, ...env });
    expect(run.served).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(message);
  });
});

describe('a backup', () => {
  it(
    'restores into a fresh data dir with the same users, runs and results',
    { timeout: 90_000 },
    async () => {
      const source = await server();
      const owner = await subscriber(source.superuser, source, 'owner');
      const other = await source.createUser('other');
      for (const [user, n] of [
        [owner, 3],
        [other, 2],
      ] as const) {
        for (let run = 0; run < n; run++) {
          await createRunWithResults(
            source.superuser,
            user.id,
            { search_name: `Run ${run}` },
            Array.from({ length: 40 }, (_, i) => ({
              ad_id: `${user.id}-${run}-${i}`,
              page_name: `Shop ${i}`,
            })),
          );
        }
      }
      const snapshot = async (pb: PocketBase) => ({
        users: (await pb.collection(COLLECTIONS.users).getFullList({ sort: 'id' })).map((u) => [
          u.id,
          u.email,
        ]),
        subscriptions: (await pb.collection(COLLECTIONS.subscriptions).getFullList({ sort: 'id' })).map(
          (s) => [s.user, s.status],
        ),
        runs: (await pb.collection(COLLECTIONS.searchRuns).getFullList({ sort: 'id' })).map((r) => [
          r.id,
          r.user,
          r.search_name,
        ]),
        results: (
          await pb.collection(COLLECTIONS.searchResults).getFullList({ sort: 'id', fields: 'id,run,ad_id' })
        ).map((r) => [r.id, r.run, r.ad_id]),
      });
      const before = await snapshot(source.superuser);
      expect(before.results).toHaveLength(200);

      await source.superuser.backups.create('adscout-restore-test.zip');
      const token = await source.superuser.files.getToken();
      const download = await fetch(
        source.superuser.backups.getDownloadURL(token, 'adscout-restore-test.zip'),
      );
      expect(download.status).toBe(200);
      const zip = await download.arrayBuffer();

      // a fresh server, fresh data dir: upload the file and let PocketBase restore it (it restarts)
      const target = await server();
      expect(await target.superuser.collection(COLLECTIONS.users).getFullList()).toEqual([]);
      await target.superuser.backups.upload({
        file: new File([zip], 'adscout-restore-test.zip', { type: 'application/zip' }),
      });
      await target.superuser.backups.restore('adscout-restore-test.zip');
      // the restored data dir holds the source's superuser: sign in with its credentials
      const restored = new PocketBase(target.url);
      restored.autoCancellation(false);
      const restoredWithUsers = async () => {
        const signedIn = await restored
          .collection(COLLECTIONS.superusers)
          .authWithPassword(source.superuserCredentials.email, source.superuserCredentials.password)
          .then(
            () => true,
            () => false,
          );
        if (!signedIn) return false;
        // a request that lands while PocketBase swaps the data dir and restarts may get a 500
        // (its database closing under it): the restore is not finished yet, ask again
        const users = await restored
          .collection(COLLECTIONS.users)
          .getFullList()
          .catch(() => null);
        return users !== null && users.length > 0;
      };
      await waitUntil('the restore to finish', restoredWithUsers, {
        timeoutMs: 60_000,
        intervalMs: 250,
      }).catch((error: Error) => {
        throw new Error(`${error.message}\n${target.output()}`);
      });
      expect(await snapshot(restored)).toEqual(before);
    },
  );
});
