/**
 * docs/going-live.md#access-follows-the-subscription,
 * docs/invariants.md#invariant-10-access-follows-the-subscription: the server enforces what the gate shows.
 * Creating a run needs an active subscription whatever the credit balance (a 403 with the product's message),
 * and Settings' calls — quota, checkout, portal, subscription sync, account changes — stay open without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, subscriber } from '../../fixtures/records.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { quotaOf, startRun } from '../../fixtures/user-api.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { pathBeforeParams } from '../../fixtures/route-paths.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const GATE = 'Please take a subscription to access this feature.';

async function grantCredits(user: TestUser, amount: number) {
  await server.superuser.collection(COLLECTIONS.usageLedger).create({
    user: user.id,
    kind: 'addon_grant',
    amount,
    checkout_session: `cs_access_${user.id}`,
  });
}

async function refusal(user: TestUser) {
  const error = await startRun(user, { term: 'dog toys' }).then(
    () => null,
    (e: { status: number; response: { message: string } }) => e,
  );
  return error && { status: error.status, message: error.response.message };
}

async function ledgerOf(user: TestUser) {
  return server.superuser.collection(COLLECTIONS.usageLedger).getFullList({ filter: `user = "${user.id}"` });
}

describe('creating a run', () => {
  it.each([
    ['no subscription', null],
    ['a suspended one', 'suspended'],
    ['a canceled one', 'canceled'],
  ])('with %s and 500 credits is refused with 403 and the product’s message', async (_, status) => {
    const user = await server.createUser('no-access');
    if (status) await createSubscription(server.superuser, user.id, { status });
    await grantCredits(user, 500);
    expect(await refusal(user)).toEqual({ status: 403, message: GATE });
    // nothing stored, nothing reserved
    expect(
      await server.superuser
        .collection(COLLECTIONS.searchRuns)
        .getFullList({ filter: `user = "${user.id}"` }),
    ).toEqual([]);
    expect((await ledgerOf(user)).map((entry) => entry.kind)).toEqual(['addon_grant']);
  });

  it('is refused whatever else the request holds: the gate comes first', async () => {
    const user = await server.createUser('junk');
    const answer = await user.pb
      .collection(COLLECTIONS.searchRuns)
      .create({ user: user.id, search_name: '', requested_count: 5000 })
      .catch((e: { status: number }) => e);
    expect(answer).toMatchObject({ status: 403 });
  });

  it('works with an active subscription, and stops working the moment it ends', async () => {
    const user = await subscriber(server.superuser, server, 'active');
    const run = await startRun(user, { term: 'dog toys' });
    expect(run.status).toBe('working');
    await server.superuser.collection(COLLECTIONS.searchRuns).update(run.id, { status: 'completed' });
    const subscription = await server.superuser
      .collection(COLLECTIONS.subscriptions)
      .getFirstListItem(`user = "${user.id}"`);
    await server.superuser
      .collection(COLLECTIONS.subscriptions)
      .update(subscription.id, { status: 'canceled' });
    expect(await refusal(user)).toEqual({ status: 403, message: GATE });
  });
});

describe('without a subscription, Settings stays usable', () => {
  it('quota, checkout, portal, subscription sync and account changes answer', async () => {
    const user = await server.createUser('settings');
    const post = <T>(path: string, body?: unknown) => user.pb.send<T>(path, { method: 'POST', body });
    expect(await quotaOf(user.pb)).toMatchObject({ plan: null, total_remaining: 0 });
    expect((await post<{ url: string }>(SERVER_ROUTES.checkout.path, { product: 'monthly' })).url).toContain(
      pathBeforeParams(SERVER_ROUTES.localCheckoutPage),
    );
    expect((await post<{ url: string }>(SERVER_ROUTES.portal.path)).url).toContain(
      pathBeforeParams(SERVER_ROUTES.localPortalPage),
    );
    expect(await post(SERVER_ROUTES.subscriptionSync.path)).toMatchObject({ success: false, plan: null });
    const changed = await post<{ token: string }>(SERVER_ROUTES.accountPassword.path, {
      password: 'fresh-secret-7',
      oldPassword: user.password,
    });
    expect(changed.token).toBeTruthy();
    expect(await user.pb.collection(COLLECTIONS.subscriptions).getFullList()).toEqual([]);
  });
});
