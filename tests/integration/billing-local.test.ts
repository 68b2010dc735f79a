/**
 * Local billing (no Stripe key) and the account routes: the test checkout pays through the same
 * fulfilment as a webhook, its links are single-use and bound to their user, the test portal
 * drives cancel/resume/fail/recover, and account changes come with their audit-log entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { pathBeforeParams } from '../fixtures/route-paths.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = <T>(user: TestUser, path: string, body?: unknown) =>
  user.pb.send<T>(path, { method: 'POST', body });
const subscription = (user: TestUser) =>
  server.superuser.collection(COLLECTIONS.subscriptions).getFirstListItem(`user = "${user.id}"`);
const submit = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

async function checkout(user: TestUser, product: string): Promise<string> {
  const { url } = await post<{ url: string }>(user, SERVER_ROUTES.checkout.path, { product });
  expect(url).toMatch(
    new RegExp(`^${server.url}${pathBeforeParams(SERVER_ROUTES.localCheckoutPage)}[A-Za-z0-9]{48}$`),
  );
  return url;
}

describe('local checkout', () => {
  it('shows a clearly marked test page; Pay activates the plan once', async () => {
    const user = await server.createUser('local');
    expect(await post(user, SERVER_ROUTES.subscriptionSync.path)).toMatchObject({
      success: false,
      plan: null,
    });
    const url = await checkout(user, 'monthly');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Test checkout — no real payment');
    expect(html).toContain('Monthly Subscription');
    expect(html).toContain('€199 / month');
    const paid = await submit(`${url}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/app/settings?success=true');
    expect((await submit(`${url}/pay`)).status).toBe(404); // single use
    expect((await fetch(url)).status).toBe(404);
    expect(await subscription(user)).toMatchObject({
      plan: 'monthly',
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(await quotaOf(user.pb)).toMatchObject({ plan: 'monthly', total_remaining: 2500 });
    expect(await post(user, SERVER_ROUTES.subscriptionSync.path)).toMatchObject({
      success: true,
      plan: 'monthly',
    });
  });

  it('a credit pack adds to the balance; Cancel grants nothing; a link pays only for its owner', async () => {
    const [owner, other] = await Promise.all([server.createUser('owner'), server.createUser('other')]);
    const canceled = await submit(`${await checkout(owner, 'pack_100')}/cancel`);
    expect(canceled.headers.get('location')).toBe('/app/settings?canceled=true');
    expect((await quotaOf(owner.pb)).total_remaining).toBe(0);
    // whoever opens the link, the purchase is the owner's
    const url = await checkout(owner, 'pack_500');
    await other.pb.send(url.replace(server.url, '') + '/pay', { method: 'POST' }).catch(() => undefined);
    expect((await quotaOf(owner.pb)).total_remaining).toBe(500);
    expect((await quotaOf(other.pb)).total_remaining).toBe(0);
    expect((await fetch(`${server.url}${SERVER_ROUTES.localCheckoutPage.url('z'.repeat(48))}`)).status).toBe(
      404,
    );
  });
});

describe('local portal', () => {
  it('cancels at period end, resumes, fails a payment and recovers it', async () => {
    const user = await server.createUser('portal');
    await submit(`${await checkout(user, 'yearly')}/pay`);
    const { url } = await post<{ url: string }>(user, SERVER_ROUTES.portal.path);
    const act = async (action: string) => {
      const answer = await submit(`${url}/${action}`);
      expect(answer.status).toBe(303);
      return subscription(user);
    };
    expect(await act('cancel')).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await (await fetch(`${url}?done=cancel`)).text()).toContain(
      'will end at the end of the current period',
    );
    expect(await act('resume')).toMatchObject({ cancel_at_period_end: false });
    expect(await act('fail')).toMatchObject({ status: 'suspended' });
    expect((await quotaOf(user.pb)).plan).toBeNull();
    expect(await act('recover')).toMatchObject({ status: 'active' });
    expect((await submit(`${url}/steal`)).status).toBe(404);
  });
});

describe('account routes', () => {
  it('change the email with an audit entry and a fresh token; refuse empty and taken addresses', async () => {
    const [user, other] = await Promise.all([server.createUser('mail'), server.createUser('taken')]);
    const oldPassword = user.password;
    await expect(
      post(user, SERVER_ROUTES.accountEmail.path, { email: '', oldPassword }),
    ).rejects.toMatchObject({
      status: 400,
      response: { message: 'Please enter a new email.' },
    });
    await expect(
      post(user, SERVER_ROUTES.accountEmail.path, { email: other.email, oldPassword }),
    ).rejects.toMatchObject({
      status: 400,
    });
    const next = `renamed-${user.id}@adscout.test`;
    const answer = await post<{ token: string; record: { email: string } }>(
      user,
      SERVER_ROUTES.accountEmail.path,
      { email: next, oldPassword },
    );
    expect(answer.record.email).toBe(next);
    expect(answer.token).toBeTruthy();
    const logs = await server.superuser
      .collection(COLLECTIONS.auditLogs)
      .getFullList({ filter: `user = "${user.id}"` });
    expect(logs.map((l) => [l.action, l.metadata])).toEqual([
      ['email_updated', { old_email: user.email, new_email: next }],
    ]);
  });

  it('change the password with an audit entry; the old session ends and the new token works', async () => {
    const user = await server.createUser('secret');
    const oldPassword = user.password;
    await expect(
      post(user, SERVER_ROUTES.accountPassword.path, { password: '12345', oldPassword }),
    ).rejects.toMatchObject({
      status: 400,
      response: { message: 'Password must be at least 6 characters.' },
    });
    const answer = await post<{ token: string }>(user, SERVER_ROUTES.accountPassword.path, {
      password: 'new-secret-1',
      oldPassword,
    });
    await expect(quotaOf(user.pb)).rejects.toMatchObject({ status: 401 });
    const fresh = server.anonymous();
    fresh.authStore.save(answer.token, null);
    expect(await quotaOf(fresh)).toMatchObject({ total_remaining: 0 });
    await fresh.collection(COLLECTIONS.users).authWithPassword(user.email, 'new-secret-1');
    const logs = await server.superuser
      .collection(COLLECTIONS.auditLogs)
      .getFullList({ filter: `user = "${user.id}"` });
    expect(logs.map((l) => l.action)).toEqual(['password_updated']);
  });
});
