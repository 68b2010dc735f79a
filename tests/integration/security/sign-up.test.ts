/**
 * docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case, sign-up stores no file:
 * PocketBase's default `users` kept an `avatar` file field (5 MB, images including SVG, served to anyone who
 * knows the record) and a `name` field, and a multipart sign-up stored whatever it sent. Sign-up now takes an
 * email and a password only, and the fields are gone (the migration that removes them, and the avatars stored
 * before, is tested in ../migrations.test.ts).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { collectionRoute } from '../../fixtures/route-paths.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const PASSWORD = 'Sign-up-2026';
const REFUSED = 'Sign-up takes an email address and a password only.';

/** A PNG of about 1 MB: its signature, then padding. */
function bigPng(): Blob {
  const bytes = new Uint8Array(1024 * 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Blob([bytes], { type: 'image/png' });
}

/** Every file PocketBase has stored for records (its storage folder). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(join(server.dataDir, 'storage'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function signUp(body: FormData | Record<string, unknown>) {
  const multipart = body instanceof FormData;
  const answer = await fetch(`${server.url}${collectionRoute(COLLECTIONS.users, 'records')}`, {
    method: 'POST',
    headers: multipart ? {} : { 'Content-Type': 'application/json' },
    body: multipart ? body : JSON.stringify(body),
  });
  return { status: answer.status, message: ((await answer.json()) as { message?: string }).message };
}

function form(email: string, extra: Record<string, Blob | string>): FormData {
  const data = new FormData();
  data.set('email', email);
  data.set('password', PASSWORD);
  data.set('passwordConfirm', PASSWORD);
  for (const [name, value] of Object.entries(extra)) {
    if (value instanceof Blob) data.set(name, value, `${name}.png`);
    else data.set(name, value);
  }
  return data;
}

describe('sign-up', () => {
  it('takes an email and a password only: a file or any other field is refused, and nothing is stored', async () => {
    const email = `signup-${Date.now()}@adscout.test`;
    const attempts = [
      form(email, { avatar: bigPng() }),
      form(email, { picture: bigPng() }),
      form(email, { name: 'Mallory' }),
      { email, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Mallory' },
      { email, password: PASSWORD, passwordConfirm: PASSWORD, emailVisibility: true },
    ];
    for (const [i, attempt] of attempts.entries()) {
      expect(await signUp(attempt), `attempt ${i}`).toEqual({ status: 400, message: REFUSED });
    }
    expect(await storedFiles()).toEqual([]);
    const accounts = await server.superuser
      .collection(COLLECTIONS.users)
      .getFullList({ filter: server.superuser.filter('email = {:email}', { email }) });
    expect(accounts).toEqual([]);

    // the sign-up form's own request
    expect((await signUp({ email, password: PASSWORD, passwordConfirm: PASSWORD })).status).toBe(200);
    expect(await storedFiles()).toEqual([]);
  });

  it('users has no file or free-text field left, and OAuth2 maps none', async () => {
    const users = await server.superuser.collections.getOne(COLLECTIONS.users);
    expect(users.fields.map((field) => field.name).sort()).toEqual(
      ['created', 'email', 'emailVisibility', 'id', 'password', 'tokenKey', 'updated', 'verified'].sort(),
    );
    const oauth2 = (users as unknown as { oauth2: { mappedFields: Record<string, string> } }).oauth2;
    expect(oauth2.mappedFields).toEqual({ id: '', name: '', username: '', avatarURL: '' });
  });
});
