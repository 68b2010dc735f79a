/**
 * docs/going-live.md#account-changes-need-the-current-password,
 * docs/invariants.md#invariant-12-account-changes-need-the-current-password: a token alone cannot change the
 * account. Both account routes need the current password; a missing or wrong one gets a 400 with a clear
 * message, changes nothing, and leaves an audit-log entry (written outside the refused change, which rolls
 * back). The users here are clients at addresses of their own, as behind a proxy: the account routes allow 5
 * calls a minute per address (abuse-limits.test.ts).
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asClientAt, startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
});
afterAll(async () => {
  await server?.stop();
});

const MISSING = 'Please enter your current password.';
const WRONG = 'The current password is not correct.';

const ACCOUNT_ROUTES = { email: SERVER_ROUTES.accountEmail, password: SERVER_ROUTES.accountPassword };

async function attempt(user: TestUser, route: 'email' | 'password', body: Record<string, unknown>) {
  return user.pb.send(ACCOUNT_ROUTES[route].path, { method: 'POST', body }).then(
    () => ({ status: 200, message: '' }),
    (e: { status: number; response: { message: string } }) => ({
      status: e.status,
      message: e.response.message,
    }),
  );
}

async function auditOf(user: TestUser) {
  const logs = await server.superuser
    .collection(COLLECTIONS.auditLogs)
    .getFullList({ filter: `user = "${user.id}"`, sort: 'created' });
  return logs.map((log) => ({ action: log.action, metadata: log.metadata }));
}

async function signsIn(email: string, password: string): Promise<boolean> {
  const client = asClientAt(new PocketBase(server.url), '10.250.0.1');
  return client
    .collection(COLLECTIONS.users)
    .authWithPassword(email, password)
    .then(
      () => true,
      () => false,
    );
}

describe('changing the email', () => {
  it('needs the current password; refusals are audit-logged and change nothing', async () => {
    const user = await server.createUser('mail');
    asClientAt(user.pb, '10.240.0.1');
    const next = `stolen-${user.id}@adscout.test`;
    expect(await attempt(user, 'email', { email: next })).toEqual({ status: 400, message: MISSING });
    expect(await attempt(user, 'email', { email: next, oldPassword: 'guess-123' })).toEqual({
      status: 400,
      message: WRONG,
    });
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).email).toBe(user.email);
    expect(await auditOf(user)).toEqual([
      { action: 'email_update_refused', metadata: { reason: 'current_password_missing', ip: '10.240.0.1' } },
      { action: 'email_update_refused', metadata: { reason: 'current_password_wrong', ip: '10.240.0.1' } },
    ]);

    expect(await attempt(user, 'email', { email: next, oldPassword: user.password })).toEqual({
      status: 200,
      message: '',
    });
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).email).toBe(next);
    expect((await auditOf(user)).slice(2)).toEqual([
      { action: 'email_updated', metadata: { old_email: user.email, new_email: next } },
    ]);
  });
});

describe('changing the password', () => {
  it('needs the current password; refusals are audit-logged and the old password still works', async () => {
    const user = await server.createUser('secret');
    asClientAt(user.pb, '10.240.0.2');
    expect(await attempt(user, 'password', { password: 'taken-over-1', oldPassword: '' })).toEqual({
      status: 400,
      message: MISSING,
    });
    expect(await attempt(user, 'password', { password: 'taken-over-1', oldPassword: 'nope-nope' })).toEqual({
      status: 400,
      message: WRONG,
    });
    expect(await attempt(user, 'password', { password: 'taken-over-1', oldPassword: 42 })).toEqual({
      status: 400,
      message: MISSING,
    });
    expect(await signsIn(user.email, user.password)).toBe(true);
    expect(await signsIn(user.email, 'taken-over-1')).toBe(false);
    expect((await auditOf(user)).map((entry) => [entry.action, entry.metadata.reason])).toEqual([
      ['password_update_refused', 'current_password_missing'],
      ['password_update_refused', 'current_password_wrong'],
      ['password_update_refused', 'current_password_missing'],
    ]);

    expect(
      await attempt(user, 'password', { password: 'mine-again-2', oldPassword: user.password }),
    ).toMatchObject({
      status: 200,
    });
    expect(await signsIn(user.email, 'mine-again-2')).toBe(true);
    expect((await auditOf(user)).at(-1)).toEqual({ action: 'password_updated', metadata: {} });
  });

  it('checks the current password before the new one, so a bad guess is logged whatever it sends', async () => {
    const user = await server.createUser('order');
    expect(await attempt(user, 'password', { password: '1', oldPassword: 'wrong-guess' })).toEqual({
      status: 400,
      message: WRONG,
    });
    expect(await attempt(user, 'email', { email: '', oldPassword: 'wrong-guess' })).toEqual({
      status: 400,
      message: WRONG,
    });
    expect((await auditOf(user)).map((entry) => entry.action)).toEqual([
      'password_update_refused',
      'email_update_refused',
    ]);
  });
});
