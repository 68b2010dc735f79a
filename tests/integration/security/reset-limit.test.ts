/**
 * docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case, the password-reset limit: 3 mails
 * per account in a window no longer than the reset link lives, counted only for requests PocketBase accepted
 * for an existing account. Nobody can use up an owner's quota with requests that send the owner nothing, the
 * limit answers as PocketBase always does (204) and tells nobody which addresses have accounts, and an owner
 * refused by it holds a live link from the mails that filled it.
 *
 * Mails go through Mailpit behind a gate (../smtp-gate.ts): while it is shut, the mails PocketBase
 * starts stay in flight, so its 2-minute resend guard never starts and every request reaches the
 * limit; each connection through the gate is one mail PocketBase started to send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueClientAddress, type TestServer, type TestUser } from '../harness.ts';
import { startMailpit, tokenOfLink, type Mailpit } from '../mailpit.ts';
import { startSmtpGate, type SmtpGate } from '../smtp-gate.ts';
import { waitUntil } from '../../fixtures/wait-for.ts';
import { runCron } from './support.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { collectionRoute } from '../../fixtures/route-paths.ts';

const APP_URL = 'http://127.0.0.1:4173';
const RESET_SUBJECT = /Reset your AdScout password/;

let mailpit: Mailpit;
let gate: SmtpGate;
let server: TestServer;

beforeAll(async () => {
  mailpit = await startMailpit();
  gate = await startSmtpGate(mailpit.smtpPort);
  server = await startTestServer({
    env: { ADSCOUT_BILLING: 'local', ...mailpit.env(APP_URL), SMTP_PORT: String(gate.port) },
    clientsBehindProxy: true,
  });
});

afterAll(async () => {
  await server?.stop();
  await gate?.close();
  await mailpit?.stop();
});

/** A reset request from a client address of its own: PocketBase's per-address limit stays out. */
async function requestReset(email: string): Promise<{ status: number; body: string }> {
  const answer = await fetch(`${server.url}${collectionRoute(COLLECTIONS.users, 'request-password-reset')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClientAddress() },
    body: JSON.stringify({ email }),
  });
  return { status: answer.status, body: await answer.text() };
}

/** How often the limit has refused `user` (it says so in the log, and sends nothing). */
function refusals(user: TestUser): number {
  return server.output().split(`password reset for users ${user.id} refused`).length - 1;
}

async function signUp(email: string, password: string) {
  return server
    .anonymous()
    .collection(COLLECTIONS.users)
    .create({ email, password, passwordConfirm: password });
}

describe('the password-reset limit', () => {
  it('counts nothing PocketBase refused and no address without an account', async () => {
    gate.open();
    const owner = await server.createUser('owner');
    // malformed addresses PocketBase refuses (the old limit counted them as the owner's)
    for (const padded of [` ${owner.email}`, `${owner.email} `, ` ${owner.email.toUpperCase()}`]) {
      expect((await requestReset(padded)).status, padded).toBe(400);
    }
    // an address with no account yet: answered like any other, counted for nobody
    const newcomer = `newcomer-${Date.now()}@adscout.test`;
    for (let i = 0; i < 3; i++) expect(await requestReset(newcomer)).toEqual({ status: 204, body: '' });

    expect(await requestReset(owner.email)).toEqual({ status: 204, body: '' });
    await mailpit.waitForMessage(owner.email, RESET_SUBJECT);

    await signUp(newcomer, 'Newcomer-2026');
    expect(await requestReset(newcomer)).toEqual({ status: 204, body: '' });
    await mailpit.waitForMessage(newcomer, RESET_SUBJECT);
  });

  it('over the limit answers the same 204 and sends no mail, and the owner still holds a live link', async () => {
    const owner = await server.createUser('flooded');
    const unknown = await requestReset(`nobody-${Date.now()}@adscout.test`);
    gate.shut();
    const before = gate.connections();
    // three requests by anyone, from three client addresses: three mails start
    for (let i = 0; i < 3; i++) expect(await requestReset(owner.email)).toEqual(unknown);
    await gate.waitForConnections(before + 3);

    // the owner's own request, in other letters: PocketBase's answer, and the limit's refusal
    expect(await requestReset(owner.email.toUpperCase())).toEqual(unknown);
    await waitUntil('the limit’s refusal in the log', async () => refusals(owner) === 1);

    gate.open();
    await waitUntil('three mails', async () => (await mailpit.messagesTo(owner.email)).length === 3);
    // the refused request started no mail of its own
    expect(gate.connections()).toBe(before + 3);
    const [newest] = await mailpit.messagesTo(owner.email);
    const token = tokenOfLink(newest!, APP_URL, '/reset-password');
    await server
      .anonymous()
      .collection(COLLECTIONS.users)
      .confirmPasswordReset(token, 'Owner-again-1', 'Owner-again-1');
    await server.anonymous().collection(COLLECTIONS.users).authWithPassword(owner.email, 'Owner-again-1');
  });

  it('lasts no longer than the reset link lives, and forgets counts whose window has passed', async () => {
    const users = await server.superuser.collections.getOne(COLLECTIONS.users);
    const lifetime = (users as unknown as { passwordResetToken: { duration: number } }).passwordResetToken;
    expect(lifetime.duration).toBe(1800);
    await server.superuser.collections.update(COLLECTIONS.users, { passwordResetToken: { duration: 10 } });
    try {
      const owner = await server.createUser('brief');
      gate.shut();
      const before = gate.connections();
      const firstAsked = Date.now();
      for (let i = 0; i < 3; i++) await requestReset(owner.email);
      await gate.waitForConnections(before + 3);
      await requestReset(owner.email);
      await waitUntil('the limit’s refusal in the log', async () => refusals(owner) === 1);

      // asked again and again: a mail starts once the first three are 10 s old, not 30 minutes
      await waitUntil(
        'a mail once the window has passed',
        async () => {
          await requestReset(owner.email);
          return gate.connections() > before + 3;
        },
        { timeoutMs: 25_000 },
      );
      expect(Date.now() - firstAsked).toBeGreaterThanOrEqual(10_000);

      // the earlier tests' counts are older than 10 s now: the prune cron forgets them
      await runCron(server.superuser, 'adscout_reset_counts_prune');
      await waitUntil('the prune in the log', async () =>
        /forgot [1-9]\d* expired password-reset counts/.test(server.output()),
      );
    } finally {
      gate.open();
      await server.superuser.collections.update(COLLECTIONS.users, {
        passwordResetToken: { duration: 1800 },
      });
    }
  }, 60_000);
});
