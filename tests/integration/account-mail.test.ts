/**
 * Accounts (docs/accounts.md) with a real SMTP server (Mailpit, read back through its API): forgot password
 * end to end (the mail, its absolute AdScout link, the registration password rules, old sessions signed
 * out, the audit entry), the no-enumeration answer, the per-client-address limit of reset
 * requests (the per-account one is tested in security/reset-limit.test.ts), and the verified
 * email change (the link, the password it asks for, the old address told, the audit entries).
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, statusOf, uniqueClientAddress, type TestServer, type TestUser } from './harness.ts';
import { startMailpit, tokenOfLink, type Mailpit } from './mailpit.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { collectionRoute } from '../fixtures/route-paths.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

/** The public origin mail links are built on (the test server's own port is picked later). */
const APP_URL = 'http://127.0.0.1:4173';

let mailpit: Mailpit;
let server: TestServer;

beforeAll(async () => {
  mailpit = await startMailpit();
  server = await startTestServer({
    env: { ADSCOUT_BILLING: 'local', ...mailpit.env(APP_URL) },
    clientsBehindProxy: true,
  });
});

afterAll(async () => {
  await server?.stop();
  await mailpit?.stop();
});

/** A client with no session at an address of its own (behind the trusted proxy). */
const visitor = () => server.anonymous();

async function requestReset(client: PocketBase, email: string) {
  return fetch(`${client.baseURL}${collectionRoute(COLLECTIONS.users, 'request-password-reset')}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': uniqueClientAddress(),
    },
    body: JSON.stringify({ email }),
  });
}

async function auditActions(userId: string) {
  const logs = await server.superuser
    .collection(COLLECTIONS.auditLogs)
    .getFullList({ filter: `user = "${userId}"`, sort: 'created' });
  return logs.map((log) => ({
    action: log.action as string,
    metadata: log.metadata as Record<string, string>,
  }));
}

describe('forgot password through SMTP', () => {
  it('mails an absolute AdScout link; the reset keeps the registration rules, signs old sessions out and is audit-logged', async () => {
    const user = await server.createUser('forgot');
    const answer = await requestReset(visitor(), user.email);
    expect(answer.status).toBe(204);
    const mail = await mailpit.waitForMessage(user.email, /AdScout/);
    expect(mail.subject).toBe('Reset your AdScout password');
    expect(mail.from).toBe('no-reply@adscout.test');
    expect(mail.html).toContain('The AdScout team');
    const token = tokenOfLink(mail, APP_URL, '/reset-password');

    const client = visitor();
    // the registration rules, with their messages
    const weak = await client
      .collection(COLLECTIONS.users)
      .confirmPasswordReset(token, 'abcdefgh', 'abcdefgh')
      .then(
        () => null,
        (error: { status: number; response: { message: string } }) => error,
      );
    expect(weak?.status).toBe(400);
    expect(weak?.response.message).toBe('Password must contain at least one uppercase letter.');
    expect(
      await client.collection(COLLECTIONS.users).authWithPassword(user.email, user.password),
    ).toBeTruthy();

    const before = user.pb.authStore.token;
    await client.collection(COLLECTIONS.users).confirmPasswordReset(token, 'NewSecret123', 'NewSecret123');
    // the old session (and every other) is signed out
    expect(await statusOf(user.pb.collection(COLLECTIONS.users).authRefresh())).toBe(401);
    expect(before).toBeTruthy();
    expect(
      await statusOf(visitor().collection(COLLECTIONS.users).authWithPassword(user.email, user.password)),
    ).toBe(400);
    await visitor().collection(COLLECTIONS.users).authWithPassword(user.email, 'NewSecret123');
    // the link works once
    expect(
      await statusOf(
        visitor().collection(COLLECTIONS.users).confirmPasswordReset(token, 'Other123x', 'Other123x'),
      ),
    ).toBe(400);
    const audit = await auditActions(user.id);
    expect(audit.map((entry) => entry.action)).toEqual(['password_reset']);
    expect(audit[0]!.metadata.via).toBe('email_link');
  });

  it('answers a registered and an unknown address the same way, and mails only the registered one', async () => {
    const user = await server.createUser('known');
    const unknown = `nobody-${Date.now()}@adscout.test`;
    const known = await requestReset(visitor(), user.email);
    const stranger = await requestReset(visitor(), unknown);
    expect({ status: stranger.status, body: await stranger.text() }).toEqual({
      status: known.status,
      body: await known.text(),
    });
    expect(known.status).toBe(204);
    await mailpit.waitForMessage(user.email, /Reset your AdScout password/);
    expect(await mailpit.messagesTo(unknown)).toEqual([]);
  });
});

describe('reset request limits', () => {
  // the per-account limit of reset mails: tests/integration/security/reset-limit.test.ts
  it('allows 5 requests per client address in 5 minutes, whatever the addresses asked for', async () => {
    const address = uniqueClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await fetch(
        `${server.url}${collectionRoute(COLLECTIONS.users, 'request-password-reset')}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
          body: JSON.stringify({ email: `someone-${i}-${Date.now()}@adscout.test` }),
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
  });
});

describe('verified email change through SMTP', () => {
  async function changeEmail(user: TestUser, email: string, oldPassword = user.password) {
    return user.pb.send<{ pending?: boolean; email?: string }>(SERVER_ROUTES.accountEmail.path, {
      method: 'POST',
      body: { email, oldPassword },
    });
  }

  it('sends a link to the new address; the email changes only when it is opened with the password, and the old address is told', async () => {
    const user = await server.createUser('mover');
    const next = `moved-${Date.now()}@adscout.test`;
    expect(await changeEmail(user, next)).toEqual({ pending: true, email: next });
    // nothing changed yet
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).email).toBe(user.email);
    const mail = await mailpit.waitForMessage(next, /Confirm your new AdScout email address/);
    const token = tokenOfLink(mail, APP_URL, '/confirm-email-change');

    const client = visitor();
    expect(
      await statusOf(client.collection(COLLECTIONS.users).confirmEmailChange(token, 'wrong-password')),
    ).toBe(400);
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).email).toBe(user.email);
    await client.collection(COLLECTIONS.users).confirmEmailChange(token, user.password);
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).email).toBe(next);
    // the old session is over; the new address signs in
    expect(await statusOf(user.pb.collection(COLLECTIONS.users).authRefresh())).toBe(401);
    await visitor().collection(COLLECTIONS.users).authWithPassword(next, user.password);

    const notice = await mailpit.waitForMessage(user.email, /Your AdScout email address was changed/);
    expect(notice.html).toContain(next);
    const audit = await auditActions(user.id);
    expect(audit.map((entry) => entry.action)).toEqual(['email_change_requested', 'email_updated']);
    expect(audit[1]!.metadata).toMatchObject({
      old_email: user.email,
      new_email: next,
      via: 'confirmation_link',
    });
  });

  it('still needs the current password to ask, and refuses an address in use without sending anything', async () => {
    const user = await server.createUser('asker');
    const other = await server.createUser('taken');
    expect(await statusOf(changeEmail(user, `x-${Date.now()}@adscout.test`, 'not-my-password'))).toBe(400);
    const taken = await changeEmail(user, other.email).then(
      () => null,
      (error: { status: number; response: { message: string } }) => error,
    );
    expect(taken?.status).toBe(400);
    expect(taken?.response.message).toBe('This email address is already in use.');
    // in other letters it is the same address
    // (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case)
    const shouted = await changeEmail(user, other.email.toUpperCase()).then(
      () => null,
      (error: { status: number; response: { message: string } }) => error,
    );
    expect(shouted?.response.message).toBe('This email address is already in use.');
    expect(await mailpit.messagesTo(other.email)).toEqual([]);
  });
});

describe('start-up with SMTP', () => {
  it('refuses SMTP without APP_URL: mail links must be absolute', async () => {
    const refusal = await startTestServer({
      env: { ...mailpit.env(APP_URL), APP_URL: '' },
    }).then(
      async (extra) => {
        await extra.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refusal).toContain('AdScout cannot start: SMTP_HOST is set: set APP_URL too');
  });
});
