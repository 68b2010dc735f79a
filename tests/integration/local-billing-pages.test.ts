/**
 * Local mode's test checkout and portal beyond the happy path (docs/billing.md): the Cancel button,
 * capability URLs that are single-use, expire, and cannot be used across kinds, headers that keep
 * the token from leaking, plan and pack together (2,500 + 500), no Stripe webhook, the portal's
 * actions keeping the period end; and the account routes' refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { stripeWebhook } from './stripe-webhook.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

let server: TestServer;

beforeAll(async () => {
  // this file opens more test-checkout links and makes more account calls than one address may
  // in a minute: its users are distinct clients behind a proxy (the limits: security/), where the
  // test checkout runs only when asked for
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
});
afterAll(async () => {
  await server?.stop();
});

const post = <T>(user: TestUser, path: string, body?: unknown) =>
  user.pb.send<T>(path, { method: 'POST', body });
const subscription = (user: TestUser) =>
  server.superuser.collection(COLLECTIONS.subscriptions).getFirstListItem(`user = "${user.id}"`);
const checkout = async (user: TestUser, product: string) =>
  (await post<{ url: string }>(user, SERVER_ROUTES.checkout.path, { product })).url;
const session = (url: string) =>
  server.superuser
    .collection(COLLECTIONS.billingSessions)
    .getFirstListItem(`token = "${url.split('/').pop()}"`);

describe('test checkout', () => {
  it('plan then pack: 2,500 a month plus 500 credits is 3,000', async () => {
    const user = await server.createUser('both');
    await fetch(`${await checkout(user, 'monthly')}/pay`, { method: 'POST', redirect: 'manual' });
    expect(await quotaOf(user.pb)).toMatchObject({ plan: 'monthly', total_remaining: 2500 });
    const record = await subscription(user);
    expect(record.quota_anchor).not.toBe('');
    // the period ends a month after the start, on the anchor's day and time
    const anchor = new Date(record.quota_anchor.replace(' ', 'T'));
    const end = new Date(record.current_period_end.replace(' ', 'T'));
    expect(end.getUTCDate()).toBe(
      Math.min(
        anchor.getUTCDate(),
        new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate(),
      ),
    );
    expect(
      (end.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + end.getUTCMonth() - anchor.getUTCMonth(),
    ).toBe(1);
    const page = await fetch(await checkout(user, 'pack_500'));
    const html = await page.text();
    expect(html).toContain('500 result credits');
    expect(html).toContain('€15 one-time');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const pay = html.match(/<form method="post" action="([^"]+)"><button type="submit">Pay<\/button>/);
    expect(pay).not.toBeNull();
    expect((await fetch(`${server.url}${pay![1]}`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(await quotaOf(user.pb)).toMatchObject({ total_remaining: 3000, addon_remaining: 500 });
  });

  it('the Cancel button closes the session without a purchase; the link is dead afterwards', async () => {
    const user = await server.createUser('cancel');
    const url = await checkout(user, 'yearly');
    const html = await (await fetch(url)).text();
    const form = html.match(
      /<form method="post" action="([^"]+)"><button type="submit" class="secondary">Cancel<\/button>/,
    );
    expect(form).not.toBeNull();
    const canceled = await fetch(`${server.url}${form![1]}`, { method: 'POST', redirect: 'manual' });
    expect(canceled.status).toBe(303);
    // behind a proxy the server has APP_URL (the harness gives it its own URL): links are absolute
    expect(canceled.headers.get('location')).toBe(`${server.url}/app/settings?canceled=true`);
    expect((await session(url)).status).toBe('canceled');
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    expect((await quotaOf(user.pb)).total_remaining).toBe(0);
    expect(await post(user, SERVER_ROUTES.subscriptionSync.path)).toEqual({
      success: false,
      plan: null,
      message: 'No active subscription found. Please contact support if you believe this is an error.',
    });
  });

  it('capability links: unguessable, per kind, expiring, and only for signed-in users to create', async () => {
    const user = await server.createUser('caps');
    const first = await checkout(user, 'pack_100');
    const second = await checkout(user, 'pack_100');
    const token = (url: string) => url.split('/').pop()!;
    expect(token(first)).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(token(first)).not.toBe(token(second));
    // a checkout token does not open the portal
    expect((await fetch(`${server.url}${SERVER_ROUTES.localPortalPage.url(token(first))}`)).status).toBe(404);
    // an expired link is refused
    await server.superuser
      .collection(COLLECTIONS.billingSessions)
      .update((await session(second)).id, { expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await fetch(second)).status).toBe(404);
    expect((await fetch(`${second}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    expect((await quotaOf(user.pb)).addon_remaining).toBe(0);
    const anonymous = server.anonymous();
    for (const route of [SERVER_ROUTES.checkout, SERVER_ROUTES.portal, SERVER_ROUTES.subscriptionSync]) {
      expect(
        await statusOf(anonymous.send(route.path, { method: 'POST', body: { product: 'monthly' } })),
      ).toBe(401);
    }
    await expect(post(user, SERVER_ROUTES.checkout.path, { product: 'lifetime' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(post(user, SERVER_ROUTES.checkout.path, {})).rejects.toMatchObject({ status: 400 });
  });

  it('there is no Stripe webhook in local mode', async () => {
    const answer = await stripeWebhook(() => server.url, 'whsec_none').deliver({});
    expect(answer.status).toBe(404);
  });
});

describe('test portal', () => {
  it('keeps the period end through cancel and resume, and refuses actions without a subscription', async () => {
    const user = await server.createUser('keep');
    const { url: empty } = await post<{ url: string }>(user, SERVER_ROUTES.portal.path);
    expect(await (await fetch(empty)).text()).toContain('You have no subscription yet.');
    expect((await fetch(`${empty}/fail`, { method: 'POST', redirect: 'manual' })).status).toBe(400);
    await fetch(`${await checkout(user, 'monthly')}/pay`, { method: 'POST', redirect: 'manual' });
    const before = await subscription(user);
    const { url } = await post<{ url: string }>(user, SERVER_ROUTES.portal.path);
    const page = await fetch(url);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('Monthly Subscription');
    await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(await subscription(user)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: before.current_period_end,
      quota_anchor: before.quota_anchor,
    });
    expect(await (await fetch(url)).text()).toMatch(/Ends on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await fetch(`${url}/fail`, { method: 'POST', redirect: 'manual' });
    expect(await subscription(user)).toMatchObject({ status: 'suspended', cancel_at_period_end: true });
    expect((await quotaOf(user.pb)).total_remaining).toBe(0);
    await fetch(`${url}/recover`, { method: 'POST', redirect: 'manual' });
    await fetch(`${url}/resume`, { method: 'POST', redirect: 'manual' });
    expect(await subscription(user)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: before.current_period_end,
      quota_anchor: before.quota_anchor,
    });
    expect((await quotaOf(user.pb)).total_remaining).toBe(2500);
  });

  it('a portal link acts only on its owner’s subscription', async () => {
    const [owner, other] = await Promise.all([
      server.createUser('portal-owner'),
      server.createUser('portal-other'),
    ]);
    for (const user of [owner, other]) {
      await fetch(`${await checkout(user, 'monthly')}/pay`, { method: 'POST', redirect: 'manual' });
    }
    const { url } = await post<{ url: string }>(owner, SERVER_ROUTES.portal.path);
    // whoever follows the link (signed in as someone else or not at all), it is the owner's
    await other.pb.send(`${url.replace(server.url, '')}/fail`, { method: 'POST' }).catch(() => undefined);
    expect((await subscription(owner)).status).toBe('suspended');
    expect((await subscription(other)).status).toBe('active');
  });
});

describe('account routes', () => {
  const logsOf = (user: TestUser) =>
    server.superuser.collection(COLLECTIONS.auditLogs).getFullList({ filter: `user = "${user.id}"` });

  it('refuse a malformed, too long or unchanged email with a clear message and no audit entry', async () => {
    const user = await server.createUser('refuse');
    const refused = async (email: unknown) => {
      const error = await post(user, SERVER_ROUTES.accountEmail.path, {
        email,
        oldPassword: user.password,
      }).catch((e: unknown) => e);
      return error as { status: number; response: { message: string } };
    };
    expect(await refused('   ')).toMatchObject({
      status: 400,
      response: { message: 'Please enter a new email.' },
    });
    expect(await refused(undefined)).toMatchObject({
      status: 400,
      response: { message: 'Please enter a new email.' },
    });
    expect(await refused('not-an-email')).toMatchObject({
      status: 400,
      response: { message: 'Invalid email format.' },
    });
    expect(await refused(`${'a'.repeat(250)}@x.test`)).toMatchObject({
      status: 400,
      response: { message: 'Email must be less than 255 characters.' },
    });
    expect(await refused(user.email.toUpperCase())).toMatchObject({ status: 400 });
    expect(await logsOf(user)).toHaveLength(0);
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).email).toBe(user.email);
    expect(
      await statusOf(
        server.anonymous().send(SERVER_ROUTES.accountEmail.path, {
          method: 'POST',
          body: { email: 'a@b.test', oldPassword: 'x' },
        }),
      ),
    ).toBe(401);
    expect(
      await statusOf(
        server.anonymous().send(SERVER_ROUTES.accountPassword.path, {
          method: 'POST',
          body: { password: 'abcdefg', oldPassword: 'x' },
        }),
      ),
    ).toBe(401);
  });

  it('sign-up keeps the registration rules on the server, though Settings allows 6 characters', async () => {
    const signUp = (email: string, password: string) =>
      server.anonymous().collection(COLLECTIONS.users).create({ email, password, passwordConfirm: password });
    const stamp = Date.now().toString(36);
    await expect(signUp(`weak-${stamp}@adscout.test`, 'sixsix')).rejects.toMatchObject({
      status: 400,
      response: { message: 'Password must be at least 8 characters.' },
    });
    await expect(signUp(`lower-${stamp}@adscout.test`, 'abcdefg1')).rejects.toMatchObject({
      status: 400,
      response: { message: 'Password must contain at least one uppercase letter.' },
    });
    await expect(signUp(`bad-${stamp}`, 'Abcdefg1')).rejects.toMatchObject({
      status: 400,
      response: { message: 'Invalid email format.' },
    });
    const created = await signUp(`good-${stamp}@adscout.test`, 'Abcdefg1');
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(created.id)).email).toBe(
      `good-${stamp}@adscout.test`,
    );
  });

  it('a password change returns a working token and record; the new password signs in', async () => {
    const user = await server.createUser('pw');
    const answer = await post<{ token: string; record: { id: string; email: string } }>(
      user,
      SERVER_ROUTES.accountPassword.path,
      { password: 'sixsix', oldPassword: user.password },
    );
    expect(answer.record).toMatchObject({ id: user.id, email: user.email });
    expect(answer.record).not.toHaveProperty('password');
    expect(answer.record).not.toHaveProperty('tokenKey');
    const fresh = server.anonymous();
    fresh.authStore.save(answer.token, null);
    expect(await quotaOf(fresh)).toMatchObject({ total_remaining: 0 });
    expect((await logsOf(user)).map((l) => [l.action, l.metadata])).toEqual([['password_updated', {}]]);
    await fresh.collection(COLLECTIONS.users).authWithPassword(user.email, 'sixsix');
    expect(fresh.authStore.record?.id).toBe(user.id);
  });
});
