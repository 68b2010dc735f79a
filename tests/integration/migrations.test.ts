/** The repo's migrations apply on an empty data dir and roll back completely with `migrate down`. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase, { type CollectionModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, randomSecret, ROOT, startPocketBase, upsertSuperuser } from '../../scripts/lib/stack.mjs';
import { pocketBaseBinary } from './harness.ts';
import { collectionsCreatedByMigrations } from './migration-collections.ts';

// Read from the migration sources; the first test checks it against what PocketBase created.
const OUR_COLLECTIONS = collectionsCreatedByMigrations();

let dataDir: string;
let emptyDir: string;
let migrationCount: number;

function pb(...args: string[]): string {
  const result = spawnSync(
    pocketBaseBinary(),
    [
      ...args,
      '--dir',
      dataDir,
      '--migrationsDir',
      join(ROOT, 'pb_migrations'),
      '--hooksDir',
      join(ROOT, 'pb_hooks'),
    ],
    { encoding: 'utf8', input: 'y\n', cwd: ROOT },
  );
  if (result.status !== 0)
    throw new Error(`pocketbase ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout + result.stderr;
}

interface Snapshot {
  collections: Map<string, CollectionModel>;
  settings: { batch: { enabled: boolean }; rateLimits: { enabled: boolean } };
}

/**
 * Serves the data dir with no migrations and no hooks (so nothing is re-applied) and reads the
 * schema and settings through the superuser API.
 */
async function snapshot(): Promise<Snapshot> {
  const email = 'inspect@adscout.test';
  const password = randomSecret();
  upsertSuperuser(pocketBaseBinary(), dataDir, email, password);
  const server = await startPocketBase({
    pocketbase: pocketBaseBinary(),
    dataDir,
    http: `127.0.0.1:${await freePort()}`,
    migrationsDir: emptyDir,
    hooksDir: emptyDir,
  });
  try {
    const client = new PocketBase(server.url);
    await client.collection('_superusers').authWithPassword(email, password);
    const list = await client.collections.getFullList();
    const settings = (await client.settings.getAll()) as unknown as Snapshot['settings'];
    return { collections: new Map(list.map((c) => [c.name, c])), settings };
  } finally {
    await server.stop();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adscout-mig-'));
  emptyDir = await mkdtemp(join(tmpdir(), 'adscout-empty-'));
  migrationCount = (await readdir(join(ROOT, 'pb_migrations'))).filter((f) => f.endsWith('.js')).length;
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(emptyDir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('apply on an empty data dir', async () => {
    const output = pb('migrate', 'up');
    expect(output.match(/Applied \S+/g) ?? []).toHaveLength(migrationCount);

    const { collections, settings } = await snapshot();
    const created = [...collections.values()]
      .filter((c) => !c.system && c.name !== 'users')
      .map((c) => c.name);
    expect(created.sort()).toEqual([...OUR_COLLECTIONS].sort());
    expect(OUR_COLLECTIONS).toContain('billing_sessions');
    expect(collections.get('users')!.updateRule).toBeNull();
    expect(collections.get('search_results')!.indexes.join('\n')).toMatch(/UNIQUE INDEX .* \(run, ad_id\)/);
    expect(collections.get('keyword_sets')!.indexes.join('\n')).toMatch(/UNIQUE INDEX .* \(user, locale\)/);
    expect(collections.get('subscriptions')!.indexes.join('\n')).toMatch(/UNIQUE INDEX .* \(user\)/);
    expect(collections.get('stripe_events')!.indexes.join('\n')).toMatch(/UNIQUE INDEX .* \(event_id\)/);
    expect(settings.batch.enabled).toBe(true);
    expect(settings.rateLimits.enabled).toBe(true);
  });

  it('the creative fields of search_results come and go with their own migration', async () => {
    // every migration from the creative fields' one on: reverting them takes the fields away
    const files = (await readdir(join(ROOT, 'pb_migrations'))).filter((f) => f.endsWith('.js')).sort();
    const from = files.indexOf('1795300400_update_search_results_creative.js');
    expect(from).toBeGreaterThan(0);
    const fieldsOf = async () =>
      (await snapshot()).collections.get('search_results')!.fields.map((field) => field.name);
    expect(await fieldsOf()).toEqual(expect.arrayContaining(['media_url', 'media_poster_url', 'card_count']));

    pb('migrate', 'down', String(files.length - from));
    const without = await fieldsOf();
    expect(without).toContain('media_url');
    expect(without).not.toContain('media_poster_url');
    expect(without).not.toContain('card_count');

    const output = pb('migrate', 'up');
    expect(output.match(/Applied \S+/g) ?? []).toHaveLength(files.length - from);
    expect(await fieldsOf()).toEqual(expect.arrayContaining(['media_poster_url', 'card_count']));
  });

  it('roll back every collection, rule and setting with migrate down', async () => {
    const output = pb('migrate', 'down', String(migrationCount));
    expect(output.match(/Reverted \S+/g) ?? []).toHaveLength(migrationCount);

    const { collections, settings } = await snapshot();
    for (const name of OUR_COLLECTIONS) expect(collections.has(name), name).toBe(false);
    // PocketBase's own defaults for users are back
    expect(collections.get('users')!.updateRule).toBe('id = @request.auth.id');
    expect(collections.get('users')!.indexes.join('\n')).not.toMatch(/idx_users_updated/);
    expect(settings.batch.enabled).toBe(false);
    expect(settings.rateLimits.enabled).toBe(false);
  });

  it('apply again after a full rollback', () => {
    const output = pb('migrate', 'up');
    expect(output.match(/Applied \S+/g) ?? []).toHaveLength(migrationCount);
  });
});
