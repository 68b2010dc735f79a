/**
 * docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case, one identity per email whatever
 * its case: emails are stored lower-cased by every path, the unique index ignores case, and login and
 * password reset find the account in any case. The migration that brings this to existing data is tested in
 * ../migrations.test.ts. Without SMTP, so reset mails land in the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSecret } from '../../../scripts/lib/stack.mjs';
import { startTestServer, statusOf, type TestServer } from '../harness.ts';
import { waitUntil } from '../../fixtures/wait-for.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { collectionRoute } from '../../fixtures/route-paths.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';

let server: TestServer;

beforeAll(async () => {
  // each client at an address of its own: sign-ups and logins stay under the per-address limits
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
});

afterAll(async () => {
  await server?.stop();
});

/** A fresh address with upper-case letters in both parts. */
function mixedCaseAddress(label: string): string {
  return `${label}.Owner-${randomSecret(4).replace(/[^a-z0-9]/gi, 'x')}@Example.COM`;
}

/** The stored emails of the accounts whose email matches `address` in any case. */
async function accountsFor(address: string): Promise<string[]> {
  // `~` is SQLite's LIKE, which ignores (ASCII) case
  const found = await server.superuser
    .collection(COLLECTIONS.users)
    .getFullList({ filter: server.superuser.filter('email ~ {:address}', { address }) });
  return found.map((user) => user.email as string);
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => '',
    (error: { response: { message: string } }) => error.response.message,
  );
}

describe('one identity per email, whatever its case', () => {
  it('signs up once per address, stores it lower-cased, and finds it at login and reset in any case', async () => {
    const address = mixedCaseAddress('Ann');
    const password = 'Ann-Owner-2026';
    const signUp = (email: string) =>
      server.anonymous().collection(COLLECTIONS.users).create({ email, password, passwordConfirm: password });

    const created = await signUp(address);
    expect(await accountsFor(address)).toEqual([address.toLowerCase()]);
    for (const other of [address.toLowerCase(), address.toUpperCase()]) {
      const refused = await signUp(other).then(
        () => null,
        (error: { status: number; response: { data: { email?: { code: string } } } }) => error,
      );
      expect(refused?.status, other).toBe(400);
      expect(refused?.response.data.email?.code, other).toBe('validation_not_unique');
    }
    expect(await accountsFor(address)).toHaveLength(1);

    for (const typed of [address, address.toLowerCase(), address.toUpperCase()]) {
      const session = await server
        .anonymous()
        .collection(COLLECTIONS.users)
        .authWithPassword(typed, password);
      expect(session.record.id, typed).toBe(created.id);
    }

    const answer = await fetch(
      `${server.url}${collectionRoute(COLLECTIONS.users, 'request-password-reset')}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: address.toUpperCase() }),
      },
    );
    expect(answer.status).toBe(204);
    await waitUntil('the reset mail in the outbox', async () => {
      const outbox = await server.superuser.send<{ items: { to: string; subject: string }[] }>(
        SERVER_ROUTES.localOutbox.path,
        { query: { to: address.toLowerCase() } },
      );
      return outbox.items.some((mail) => /Reset your AdScout password/.test(mail.subject));
    });
  });

  it('stores an address lower-cased whoever writes it, the admin UI too', async () => {
    const address = mixedCaseAddress('Admin');
    await server.superuser
      .collection(COLLECTIONS.users)
      .create({ email: address, password: 'Made-by-admin-1', passwordConfirm: 'Made-by-admin-1' });
    expect(await accountsFor(address)).toEqual([address.toLowerCase()]);
    expect(
      await statusOf(
        server.superuser.collection(COLLECTIONS.users).create({
          email: address.toUpperCase(),
          password: 'Made-by-admin-1',
          passwordConfirm: 'Made-by-admin-1',
        }),
      ),
    ).toBe(400);
  });

  it('an email change refuses another account’s address in other letters, and stores the new one lower-cased', async () => {
    const [mover, holder] = await Promise.all([server.createUser('mover'), server.createUser('holder')]);
    const change = (email: string) =>
      mover.pb.send<{ record: { email: string } }>(SERVER_ROUTES.accountEmail.path, {
        method: 'POST',
        body: { email, oldPassword: mover.password },
      });
    expect(await messageOf(change(holder.email.toUpperCase()))).toBe('This email address is already in use.');
    expect(await accountsFor(holder.email)).toEqual([holder.email]);

    const next = mixedCaseAddress('Moved');
    const changed = await change(next);
    expect(changed.record.email).toBe(next.toLowerCase());
    expect(await accountsFor(next)).toEqual([next.toLowerCase()]);
    mover.pb.authStore.save((changed as unknown as { token: string }).token, mover.pb.authStore.record);
    expect(await messageOf(change(next.toUpperCase()))).toBe('That is already your email address.');
  });
});
