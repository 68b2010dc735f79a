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
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

// Read from the migration sources; the first test checks it against what PocketBase created.
const OUR_COLLECTIONS = collectionsCreatedByMigrations();

/**
 * Each test runs PocketBase over every migration once or twice (about 70 of them, several
 * seconds on a quiet machine, over 40 s on a busy one): each has its own budget.
 */
const TEST_BUDGET_MS = 180_000;

let dataDir: string;
let emptyDir: string;
let migrationCount: number;
let pristineDir: string;
let pristineUsers: ReturnType<typeof usersShape>;

/** Runs a PocketBase command on the data dir; PocketBase exits 0 even when a migration fails. */
function run(...args: string[]): { status: number | null; output: string } {
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
  return { status: result.status, output: result.stdout + result.stderr };
}

function pb(...args: string[]): string {
  const { status, output } = run(...args);
  if (status !== 0) throw new Error(`pocketbase ${args.join(' ')} failed:\n${output}`);
  return output;
}

interface Snapshot {
  collections: Map<string, CollectionModel>;
  settings: { batch: { enabled: boolean }; rateLimits: { enabled: boolean } };
}

/**
 * Serves the data dir with no migrations and no hooks (so nothing is re-applied) and hands `act`
 * a superuser client.
 */
async function withServer<T>(act: (client: PocketBase) => Promise<T>, dir = dataDir): Promise<T> {
  const email = 'inspect@adscout.test';
  const password = randomSecret();
  upsertSuperuser(pocketBaseBinary(), dir, email, password);
  const server = await startPocketBase({
    pocketbase: pocketBaseBinary(),
    dataDir: dir,
    http: `127.0.0.1:${await freePort()}`,
    migrationsDir: emptyDir,
    hooksDir: emptyDir,
  });
  try {
    const client = new PocketBase(server.url);
    client.autoCancellation(false);
    await client.collection(COLLECTIONS.superusers).authWithPassword(email, password);
    return await act(client);
  } finally {
    await server.stop();
  }
}

/** The schema and settings, read through the superuser API. */
async function snapshot(dir = dataDir): Promise<Snapshot> {
  return withServer(async (client) => {
    const list = await client.collections.getFullList();
    const settings = (await client.settings.getAll()) as unknown as Snapshot['settings'];
    return { collections: new Map(list.map((c) => [c.name, c])), settings };
  }, dir);
}

/** A 1×1 PNG. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** PocketBase's own `users` in the parts our migrations change (checked against a fresh install). */
const POCKETBASE_USERS = {
  fields: [
    'id',
    'password',
    'tokenKey',
    'email',
    'emailVisibility',
    'verified',
    'name',
    'avatar',
    'created',
    'updated',
  ],
  emailIndex: "CREATE UNIQUE INDEX `idx_email__pb_users_auth_` ON `users` (`email`) WHERE `email` != ''",
  mappedFields: { id: '', name: 'name', username: '', avatarURL: 'avatar' },
};

/**
 * The parts of `users` that docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case's
 * migrations change.
 */
function usersShape(users: CollectionModel) {
  const full = users as unknown as { oauth2: { mappedFields: Record<string, string> } };
  return {
    fields: users.fields.map((field) => field.name),
    emailIndex: users.indexes.find((index) => index.includes('idx_email_')),
    mappedFields: full.oauth2.mappedFields,
    /** PocketBase's two fields that sign-up no longer takes, in full */
    removable: users.fields.filter((field) => field.name === 'name' || field.name === 'avatar'),
  };
}

/** The migration files from `file` on, in order, and how many there are. */
async function migrationsFrom(file: string): Promise<{ count: number }> {
  const files = (await readdir(join(ROOT, 'pb_migrations'))).filter((f) => f.endsWith('.js')).sort();
  const at = files.indexOf(file);
  expect(at).toBeGreaterThan(0);
  return { count: files.length - at };
}

/** Every file under a folder (none when it does not exist). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adscout-mig-'));
  emptyDir = await mkdtemp(join(tmpdir(), 'adscout-empty-'));
  migrationCount = (await readdir(join(ROOT, 'pb_migrations'))).filter((f) => f.endsWith('.js')).length;
  // PocketBase's own users, in a data dir of its own that no migration of ours touched: what
  // down() must bring back
  pristineDir = await mkdtemp(join(tmpdir(), 'adscout-pristine-'));
  pristineUsers = usersShape((await snapshot(pristineDir)).collections.get(COLLECTIONS.users)!);
  expect(pristineUsers).toMatchObject(POCKETBASE_USERS);
}, TEST_BUDGET_MS);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(emptyDir, { recursive: true, force: true });
  await rm(pristineDir, { recursive: true, force: true });
});

describe('migrations', { timeout: TEST_BUDGET_MS }, () => {
  it('apply on an empty data dir', async () => {
    const output = pb('migrate', 'up');
    expect(output.match(/Applied \S+/g) ?? []).toHaveLength(migrationCount);

    const { collections, settings } = await snapshot();
    const created = [...collections.values()]
      .filter((c) => !c.system && c.name !== COLLECTIONS.users)
      .map((c) => c.name);
    expect(created.sort()).toEqual([...OUR_COLLECTIONS].sort());
    expect(OUR_COLLECTIONS).toContain(COLLECTIONS.billingSessions);
    expect(collections.get(COLLECTIONS.users)!.updateRule).toBeNull();
    expect(usersShape(collections.get(COLLECTIONS.users)!).fields).not.toEqual(
      expect.arrayContaining(['avatar']),
    );
    expect(usersShape(collections.get(COLLECTIONS.users)!).emailIndex).toMatch(/\(`email` COLLATE NOCASE\)/);
    expect(collections.get(COLLECTIONS.searchResults)!.indexes.join('\n')).toMatch(
      /UNIQUE INDEX .* \(run, ad_id\)/,
    );
    expect(collections.get(COLLECTIONS.keywordSets)!.indexes.join('\n')).toMatch(
      /UNIQUE INDEX .* \(user, locale\)/,
    );
    expect(collections.get(COLLECTIONS.subscriptions)!.indexes.join('\n')).toMatch(
      /UNIQUE INDEX .* \(user\)/,
    );
    expect(collections.get(COLLECTIONS.stripeEvents)!.indexes.join('\n')).toMatch(
      /UNIQUE INDEX .* \(event_id\)/,
    );
    expect(settings.batch.enabled).toBe(true);
    expect(settings.rateLimits.enabled).toBe(true);
  });

  it('the creative fields of search_results come and go with their own migration', async () => {
    // every migration from the creative fields' one on: reverting them takes the fields away
    const files = (await readdir(join(ROOT, 'pb_migrations'))).filter((f) => f.endsWith('.js')).sort();
    const from = files.indexOf('1795300400_update_search_results_creative.js');
    expect(from).toBeGreaterThan(0);
    const fieldsOf = async () =>
      (await snapshot()).collections.get(COLLECTIONS.searchResults)!.fields.map((field) => field.name);
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

  it('backfill reach_known and collation_known from the stored counts, and give those rows a new `updated`', async () => {
    const from = await migrationsFrom('1795300910_update_search_results_known_flags.js');
    pb('migrate', 'down', String(from.count));
    const rows = [
      { ad_id: 'eu', country: 'DE', reach: 18_000, collation_count: 3 },
      { ad_id: 'us', country: 'US', reach: 0, collation_count: 5 },
      { ad_id: 'sibling', country: 'US', reach: 0, collation_count: 0 },
    ];
    const before = await withServer(async (client) => {
      const user = await client.collection(COLLECTIONS.users).create({
        email: `backfill-${Date.now()}@adscout.test`,
        password: 'Backfill-1',
        passwordConfirm: 'Backfill-1',
      });
      const run = await client.collection(COLLECTIONS.searchRuns).create({
        user: user.id,
        search_name: 'Backfill',
        facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
        target_country: 'US',
        requested_count: 10,
        status: 'completed',
      });
      const stored = new Map<string, string>();
      for (const row of rows) {
        const record = await client
          .collection(COLLECTIONS.searchResults)
          .create({ ...row, run: run.id, user: user.id });
        stored.set(row.ad_id, record.updated as string);
      }
      return { user: user.id, run: run.id, updated: stored };
    });

    expect(pb('migrate', 'up').match(/Applied \S+/g) ?? []).toHaveLength(from.count);
    const after = await withServer((client) =>
      client
        .collection(COLLECTIONS.searchResults)
        .getFullList({ filter: `run = "${before.run}"`, sort: 'ad_id' }),
    );
    const flags = Object.fromEntries(
      after.map((row) => [row.ad_id, [row.reach_known, row.collation_known, row.reach, row.collation_count]]),
    );
    expect(flags).toEqual({
      eu: [true, true, 18_000, 3],
      us: [false, true, 0, 5],
      sibling: [false, false, 0, 0],
    });
    // the mirrors pull again the rows whose flags turned true; the others read the same without them
    const updated = Object.fromEntries(after.map((row) => [row.ad_id, row.updated as string]));
    expect(updated.eu! > before.updated.get('eu')!).toBe(true);
    expect(updated.us! > before.updated.get('us')!).toBe(true);
    expect(updated.sibling).toBe(before.updated.get('sibling'));

    pb('migrate', 'down', String(from.count));
    const fields = (await snapshot()).collections
      .get(COLLECTIONS.searchResults)!
      .fields.map((field) => field.name);
    expect(fields).not.toContain('reach_known');
    expect(fields).not.toContain('collation_known');
    pb('migrate', 'up');
    // the next tests count the users
    await withServer((client) => client.collection(COLLECTIONS.users).delete(before.user));
  });

  it('make an email one account whatever its case, refusing with nothing changed while two differ only in case', async () => {
    const from = await migrationsFrom('1795300730_update_users_email_nocase.js');
    pb('migrate', 'down', String(from.count));
    const before = (await snapshot()).collections.get(COLLECTIONS.users)!;
    const emails = () =>
      withServer(async (client) =>
        (await client.collection(COLLECTIONS.users).getFullList({ sort: 'email' })).map(
          (user) => user.email as string,
        ),
      );
    const twin = await withServer(async (client) => {
      const create = (email: string) =>
        client
          .collection(COLLECTIONS.users)
          .create({ email, password: 'Twin-pass-1', passwordConfirm: 'Twin-pass-1' });
      await create('Twin@Example.com');
      const other = await create('twin@example.COM');
      await create('Solo@Example.com');
      return other.id;
    });

    const refused = run('migrate', 'up');
    expect(refused.output).toContain('differ only in case');
    expect(refused.output).toContain('Twin@Example.com, twin@example.COM');
    expect(refused.output).toContain('Nothing was changed.');
    expect(refused.output).not.toMatch(/Applied/);
    expect(usersShape((await snapshot()).collections.get(COLLECTIONS.users)!)).toEqual(usersShape(before));
    expect(await emails()).toEqual(['Solo@Example.com', 'Twin@Example.com', 'twin@example.COM']);

    // the operator keeps one account of the two (docs/going-live.md#upgrading)
    await withServer((client) => client.collection(COLLECTIONS.users).delete(twin));
    expect(pb('migrate', 'up').match(/Applied \S+/g) ?? []).toHaveLength(from.count);
    expect(await emails()).toEqual(['solo@example.com', 'twin@example.com']);
    expect(usersShape((await snapshot()).collections.get(COLLECTIONS.users)!).emailIndex).toMatch(
      /COLLATE NOCASE/,
    );
  });

  it('take the avatars and the avatar and name fields away, and bring PocketBase’s fields and mappings back', async () => {
    const from = await migrationsFrom('1795300740_update_users_sign_up_fields.js');
    pb('migrate', 'down', String(from.count));
    const before = usersShape((await snapshot()).collections.get(COLLECTIONS.users)!);
    expect(before).toEqual({ ...pristineUsers, emailIndex: before.emailIndex });
    expect(before.removable).toHaveLength(2);
    const user = await withServer(async (client) => {
      const form = new FormData();
      form.set('email', `pictured-${Date.now()}@adscout.test`);
      form.set('password', 'Pictured-1');
      form.set('passwordConfirm', 'Pictured-1');
      form.set('name', 'Pictured');
      form.set('avatar', new Blob([Buffer.from(ONE_PIXEL_PNG, 'base64')], { type: 'image/png' }), 'me.png');
      const record = await client.collection(COLLECTIONS.users).create(form);
      // a thumbnail is stored too, on its first request
      const thumb = await fetch(client.files.getURL(record, record.avatar as string, { thumb: '10x10' }));
      expect(thumb.status).toBe(200);
      return record;
    });
    const folder = join(dataDir, 'storage', user.collectionId, user.id);
    expect((await filesUnder(folder)).length).toBeGreaterThanOrEqual(2);

    expect(pb('migrate', 'up').match(/Applied \S+/g) ?? []).toHaveLength(from.count);
    expect(await filesUnder(folder)).toEqual([]);
    const after = usersShape((await snapshot()).collections.get(COLLECTIONS.users)!);
    expect(after.fields).not.toEqual(expect.arrayContaining(['name']));
    expect(after.fields).not.toEqual(expect.arrayContaining(['avatar']));
    expect(after.mappedFields).toMatchObject({ name: '', avatarURL: '' });

    pb('migrate', 'down', String(from.count));
    expect(usersShape((await snapshot()).collections.get(COLLECTIONS.users)!)).toEqual(before);
    pb('migrate', 'up');
  });

  it('roll back every collection, rule and setting with migrate down', async () => {
    const output = pb('migrate', 'down', String(migrationCount));
    expect(output.match(/Reverted \S+/g) ?? []).toHaveLength(migrationCount);

    const { collections, settings } = await snapshot();
    for (const name of OUR_COLLECTIONS) expect(collections.has(name), name).toBe(false);
    // PocketBase's own defaults for users are back
    expect(collections.get(COLLECTIONS.users)!.updateRule).toBe('id = @request.auth.id');
    expect(collections.get(COLLECTIONS.users)!.indexes.join('\n')).not.toMatch(/idx_users_updated/);
    expect(usersShape(collections.get(COLLECTIONS.users)!)).toEqual(pristineUsers);
    expect(settings.batch.enabled).toBe(false);
    expect(settings.rateLimits.enabled).toBe(false);
  });

  it('apply again after a full rollback', () => {
    const output = pb('migrate', 'up');
    expect(output.match(/Applied \S+/g) ?? []).toHaveLength(migrationCount);
  });
});
