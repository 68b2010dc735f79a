/**
 * Issues 19 and 27, deleting an account: it needs the current password and DELETE typed in; the
 * subscription ends first — in Stripe (stripe-mock), where a refusal or an unreachable Stripe
 * stops the deletion with nothing deleted — and then nothing of the user remains but the billing
 * records the law keeps: ledger entries detached from the user, and one `account_deleted` audit
 * entry with a keyed hash of the email (an HMAC under the data dir's audit key, which a guessed
 * address cannot be checked against without). The mails kept for the user's addresses go too.
 * Another user's data, and mails, are untouched.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunWithResults, pausedWatch, subscriber } from '../fixtures/records.ts';
import { browserKeys } from '../fixtures/push-service.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { freePort } from '../../scripts/lib/stack.mjs';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import {
  startStripeModeServer,
  STRIPE_MOCK_FIXTURE_PRICE,
  TEST_PRICES,
  useStripeMode,
} from './stripe-mock.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const OWNED = [
  COLLECTIONS.subscriptions,
  COLLECTIONS.searchRuns,
  COLLECTIONS.searchResults,
  COLLECTIONS.keywordSets,
  COLLECTIONS.watches,
  COLLECTIONS.billingSessions,
  COLLECTIONS.auditLogs,
  COLLECTIONS.reports,
  COLLECTIONS.reportTasks,
  COLLECTIONS.watchSightings,
  COLLECTIONS.pushSubscriptions,
  COLLECTIONS.pushMessages,
  COLLECTIONS.reportSettings,
  COLLECTIONS.reportMails,
  COLLECTIONS.briefs,
  COLLECTIONS.briefReservations,
];

async function deleteAccount(user: TestUser, body: Record<string, unknown>) {
  return user.pb.send(SERVER_ROUTES.accountDelete.path, { method: 'POST', body }).then(
    () => ({ status: 200, message: '' }),
    (error: { status: number; response: { message: string } }) => ({
      status: error.status,
      message: error.response.message,
    }),
  );
}

/** A subscriber with runs, results, keyword sets, a watch and its report, ledger entries and an audit entry. */
async function userWithData(server: TestServer, label: string, results = 30): Promise<TestUser> {
  const user = await subscriber(server.superuser, server, label);
  const rows = Array.from({ length: results }, (_, i) => ({ ad_id: `${label}-ad-${i}`, title: `Ad ${i}` }));
  const { run } = await createRunWithResults(server.superuser, user.id, {}, rows);
  await server.superuser
    .collection(COLLECTIONS.usageLedger)
    .create({ user: user.id, run: run.id, kind: 'plan_use', amount: results });
  await server.superuser.collection(COLLECTIONS.usageLedger).create({
    user: user.id,
    kind: 'addon_grant',
    amount: 100,
    checkout_session: `cs_${label}_${Date.now()}`,
  });
  await user.pb
    .collection(COLLECTIONS.keywordSets)
    .create({ user: user.id, locale: 'en-US', keywords: ['lamp'] });
  // paused, so the scheduler's minute tick starts no run in the middle of a test
  const watch = await user.pb.collection(COLLECTIONS.watches).create(pausedWatch(user.id));
  // a watch run's report, and its task, as the server keeps them (docs/reports.md)
  const report = await server.superuser
    .collection(COLLECTIONS.reports)
    .create({ user: user.id, run: run.id, watch: watch.id, watch_name: String(watch.name), new_count: 1 });
  await server.superuser
    .collection(COLLECTIONS.reportTasks)
    .create({ user: user.id, run: run.id, watch: watch.id, status: 'done', report: report.id });
  // the report mail settings the first watch made, and a digest waiting to be sent (docs/reports.md#email)
  expect(await user.pb.collection(COLLECTIONS.reportSettings).getFullList()).toHaveLength(1);
  await server.superuser.collection(COLLECTIONS.reportMails).create({
    user: user.id,
    kind: 'digest',
    period: 'digest:2099-01-01 07:00:00.000Z',
    reports: [report.id],
    message_id: `<report.${label}@adscout.test>`,
    status: 'pending',
    next_attempt_at: '2099-01-01 07:00:00.000Z',
  });
  await server.superuser
    .collection(COLLECTIONS.auditLogs)
    .create({ user: user.id, action: 'password_updated', metadata: {} });
  // a browser subscribed to Web Push, with a push waiting to be sent to it
  const subscription = await user.pb.collection(COLLECTIONS.pushSubscriptions).create({
    user: user.id,
    endpoint: `https://push.example.com/send/${label}-${Date.now()}`,
    ...browserKeys(),
  });
  await server.superuser.collection(COLLECTIONS.pushMessages).create({
    subscription: subscription.id,
    user: user.id,
    payload: '{}',
    expires_at: '2099-01-01 00:00:00.000Z',
    status: 'pending',
  });
  // a brief the model wrote, and one being written (docs/ai.md#briefs)
  await server.superuser
    .collection(COLLECTIONS.briefs)
    .create({ user: user.id, ad_id: `${label}-ad-0`, text: 'Angle: a brief' });
  await server.superuser.collection(COLLECTIONS.briefReservations).create({ user: user.id });
  return user;
}

async function remaining(server: TestServer, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of OWNED) {
    counts[name] = (
      await server.superuser.collection(name).getList(1, 1, { filter: `user = "${userId}"` })
    ).totalItems;
  }
  counts.usage_ledger = (
    await server.superuser.collection(COLLECTIONS.usageLedger).getList(1, 1, { filter: `user = "${userId}"` })
  ).totalItems;
  return counts;
}

const nothingLeft = () => Object.fromEntries([...OWNED, COLLECTIONS.usageLedger].map((name) => [name, 0]));

/** The server's audit key: made at the first start, in the data dir, readable by its owner only. */
async function auditKey(server: TestServer): Promise<string> {
  const path = join(server.dataDir, '.adscout-audit-key');
  expect((await stat(path)).mode & 0o777).toBe(0o600);
  const key = (await readFile(path, 'utf8')).trim();
  expect(key.length).toBeGreaterThanOrEqual(32);
  return key;
}

interface KeptMail {
  id: string;
  to: string;
}

/** The mails kept (no SMTP) whose `to` contains `address`. */
async function mailsTo(server: TestServer, address: string): Promise<KeptMail[]> {
  const { items } = await server.superuser.send<{ items: KeptMail[] }>(SERVER_ROUTES.localOutbox.path, {
    query: { to: address },
  });
  return items;
}

/** Asks for a password reset of `email` and waits until its mail is kept. */
async function resetMailTo(server: TestServer, email: string): Promise<void> {
  const before = (await mailsTo(server, email)).length;
  await server.anonymous().collection(COLLECTIONS.users).requestPasswordReset(email);
  await waitFor(
    `a reset mail to ${email} to be kept`,
    () => mailsTo(server, email),
    (mails) => mails.length > before,
  );
}

describe('deleting an account (local billing)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { ADSCOUT_BILLING: 'local', SMTP_HOST: '' },
      clientsBehindProxy: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses without the current password or without DELETE typed, and deletes nothing', async () => {
    const user = await userWithData(server, 'careful', 5);
    const before = await remaining(server, user.id);
    expect(await deleteAccount(user, { confirm: 'DELETE' })).toEqual({
      status: 400,
      message: 'Please enter your current password.',
    });
    expect(await deleteAccount(user, { oldPassword: 'wrong-password', confirm: 'DELETE' })).toEqual({
      status: 400,
      message: 'The current password is not correct.',
    });
    expect(await deleteAccount(user, { oldPassword: user.password, confirm: 'delete' })).toEqual({
      status: 400,
      message: 'Please type DELETE to confirm.',
    });
    expect(await deleteAccount(user, { oldPassword: user.password })).toMatchObject({ status: 400 });
    const after = await remaining(server, user.id);
    // the refusals are audit-logged; nothing else changed
    expect({ ...after, audit_logs: 0 }).toEqual({ ...before, audit_logs: 0 });
    expect(after.audit_logs).toBe(before.audit_logs! + 2);
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).id).toBe(user.id);
  });

  it('removes everything the user owns but keeps the ledger detached and one account_deleted entry with a keyed hash of the email', async () => {
    const user = await userWithData(server, 'leaver', 1200);
    const bystander = await userWithData(server, 'bystander', 10);
    const bystanderBefore = await remaining(server, bystander.id);
    const ledgerIds = (
      await server.superuser
        .collection(COLLECTIONS.usageLedger)
        .getFullList({ filter: `user = "${user.id}"` })
    ).map((entry) => entry.id);
    // a local checkout link leaves a billing session
    await user.pb.send(SERVER_ROUTES.checkout.path, { method: 'POST', body: { product: 'pack_100' } });
    expect((await remaining(server, user.id)).billing_sessions).toBe(1);

    expect(await deleteAccount(user, { oldPassword: user.password, confirm: 'DELETE' })).toEqual({
      status: 200,
      message: '',
    });

    expect(await statusOf(server.superuser.collection(COLLECTIONS.users).getOne(user.id))).toBe(404);
    expect(await remaining(server, user.id)).toEqual(nothingLeft());
    // the ledger stays, detached from the user and the deleted run
    for (const id of ledgerIds) {
      const entry = await server.superuser.collection(COLLECTIONS.usageLedger).getOne(id);
      expect({ user: entry.user, run: entry.run }).toEqual({ user: '', run: '' });
    }
    const hmac = createHmac('sha256', await auditKey(server))
      .update(user.email.toLowerCase())
      .digest('hex');
    const deleted = await server.superuser
      .collection(COLLECTIONS.auditLogs)
      .getFullList({ filter: `action = "account_deleted" && metadata.email_hmac = "${hmac}"` });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.user).toBe('');
    // neither the address nor its plain hash, which a guessed address would match
    const kept = JSON.stringify(deleted[0]!.metadata);
    expect(kept).not.toContain(user.email);
    expect(kept).not.toContain(createHash('sha256').update(user.email.toLowerCase()).digest('hex'));
    // the session is over and the old login fails
    expect(await statusOf(user.pb.collection(COLLECTIONS.users).authRefresh())).toBe(401);
    expect(
      await statusOf(
        server.anonymous().collection(COLLECTIONS.users).authWithPassword(user.email, user.password),
      ),
    ).toBe(400);
    // another user's data is untouched
    expect(await remaining(server, bystander.id)).toEqual(bystanderBefore);
  });

  it('deletes the mails kept for the user, at this address and an earlier one, and no one else’s', async () => {
    const user = await server.createUser('mailed');
    const earlier = user.email;
    await resetMailTo(server, earlier);
    // the email changes at once without SMTP
    const next = `renamed-${user.id}@adscout.test`;
    const changed = await user.pb.send<{ token: string }>(SERVER_ROUTES.accountEmail.path, {
      method: 'POST',
      body: { email: next, oldPassword: user.password },
    });
    user.pb.authStore.save(changed.token, user.pb.authStore.record);
    // mails kept for the new address (in other letters too), for one holding it as a part, and for a bystander
    const bystander = await server.createUser('mail-bystander');
    for (const to of [next, next.toUpperCase(), `x${next}`, bystander.email]) {
      await server.superuser
        .collection(COLLECTIONS.mailOutbox)
        .create({ to, subject: 'Kept', html: '<p>Kept</p>' });
    }

    expect(await deleteAccount(user, { oldPassword: user.password, confirm: 'DELETE' })).toMatchObject({
      status: 200,
    });
    expect(await mailsTo(server, earlier)).toEqual([]);
    expect((await mailsTo(server, next)).map((mail) => mail.to)).toEqual([`x${next}`]);
    expect((await mailsTo(server, bystander.email)).map((mail) => mail.to)).toEqual([bystander.email]);
  });
});

describe('deleting an account (Stripe billing)', () => {
  const STRIPE_MODE = {
    webhookSecret: 'whsec_adscout_test',
    prices: { ...TEST_PRICES, monthly: STRIPE_MOCK_FIXTURE_PRICE },
    clientsBehindProxy: true,
  };
  const stack = useStripeMode(STRIPE_MODE);
  /** A server in Stripe mode where nothing answers at the Stripe API's address. */
  let unreachable: TestServer;
  beforeAll(async () => {
    unreachable = await startStripeModeServer(`http://127.0.0.1:${await freePort()}`, STRIPE_MODE);
  });
  afterAll(async () => {
    await unreachable?.stop();
  });

  async function stripeSubscriber(target: TestServer, label: string) {
    const user = await userWithData(target, label, 3);
    const subscription = await target.superuser
      .collection(COLLECTIONS.subscriptions)
      .getFirstListItem(`user = "${user.id}"`);
    await target.superuser.collection(COLLECTIONS.subscriptions).update(subscription.id, {
      stripe_customer_id: `cus_${label}`,
      stripe_subscription_id: `sub_${label}`,
    });
    return user;
  }

  it('expires open checkouts and cancels the subscription in Stripe at once, then deletes', async () => {
    const user = await stripeSubscriber(stack.server, 'stripe-leaver');
    stack.stripe.requests.length = 0;
    expect(await deleteAccount(user, { oldPassword: user.password, confirm: 'DELETE' })).toMatchObject({
      status: 200,
    });
    const calls = stack.stripe.requests.map((request) => `${request.method} ${request.path}`);
    // stripe-mock lists one open session and one running subscription (its fixtures)
    expect(calls[0]).toBe('GET /v1/checkout/sessions');
    expect(stack.stripe.requests[0]!.query.get('customer')).toBe('cus_stripe-leaver');
    expect(calls[1]).toMatch(/^POST \/v1\/checkout\/sessions\/cs_\w+\/expire$/);
    expect(calls[2]).toBe('GET /v1/subscriptions');
    expect(stack.stripe.requests[2]!.query.get('customer')).toBe('cus_stripe-leaver');
    expect(calls.slice(3).every((call) => /^DELETE \/v1\/subscriptions\/sub_\w+$/.test(call))).toBe(true);
    expect(calls.length).toBeGreaterThan(3);
    expect(await remaining(stack.server, user.id)).toEqual(nothingLeft());
    const deleted = await stack.server.superuser
      .collection(COLLECTIONS.auditLogs)
      .getFirstListItem(`action = "account_deleted" && metadata.stripe_customer_id = "cus_stripe-leaver"`);
    expect(deleted.metadata.billing_mode).toBe('stripe');
  });

  it('deletes nothing when Stripe refuses to cancel', async () => {
    const user = await stripeSubscriber(stack.server, 'stripe-refused');
    const before = await remaining(stack.server, user.id);
    stack.stripe.intercept((request) =>
      request.method === 'DELETE'
        ? { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such subscription' } } }
        : undefined,
    );
    try {
      expect(await deleteAccount(user, { oldPassword: user.password, confirm: 'DELETE' })).toEqual({
        status: 502,
        message:
          'Your subscription could not be canceled with the payment provider, so your account was not deleted. Please try again.',
      });
    } finally {
      stack.stripe.intercept(null);
    }
    expect(await remaining(stack.server, user.id)).toEqual(before);
    expect((await stack.server.superuser.collection(COLLECTIONS.users).getOne(user.id)).id).toBe(user.id);
  });

  it('deletes nothing when Stripe cannot be reached', async () => {
    const user = await stripeSubscriber(unreachable, 'stripe-offline');
    const before = await remaining(unreachable, user.id);
    expect(await deleteAccount(user, { oldPassword: user.password, confirm: 'DELETE' })).toMatchObject({
      status: 502,
    });
    expect(await remaining(unreachable, user.id)).toEqual(before);
  });
});
