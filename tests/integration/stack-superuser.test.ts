/**
 * Test servers (tests/integration/harness.ts) create their superuser through PocketBase's CLI;
 * `npm start` never does (tests/integration/stack-accounts.test.ts). Random passwords are base64url
 * and start with '-' once in 64 times; the CLI used to read such a password as flags, print an
 * error, exit 0 and save nothing, so the stack (and a test run) could not sign in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/stack.mjs';
import { pocketBaseBinary } from './harness.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('saves a superuser whose password starts with a dash', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-it-superuser-'));
  dirs.push(dataDir);
  const password = '-Abc_def-ghi-123-xyz';
  upsertSuperuser(pocketBaseBinary(), dataDir, 'dash@adscout.test', password);
  const server = await startPocketBase({
    pocketbase: pocketBaseBinary(),
    dataDir,
    http: `127.0.0.1:${await freePort()}`,
  });
  try {
    const pb = new PocketBase(server.url);
    const auth = await pb.collection(COLLECTIONS.superusers).authWithPassword('dash@adscout.test', password);
    expect(auth.record.email).toBe('dash@adscout.test');
  } finally {
    await server.stop();
  }
});

it('fails loudly when the CLI does not save the superuser', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-it-superuser-'));
  dirs.push(dataDir);
  // an invalid email: the CLI refuses it
  expect(() => upsertSuperuser(pocketBaseBinary(), dataDir, 'not-an-email', 'Pw-123456789')).toThrow(
    /superuser upsert not-an-email failed/,
  );
});
