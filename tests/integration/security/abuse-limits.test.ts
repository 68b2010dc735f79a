/**
 * docs/going-live.md#rate-limits-and-billing-links, the rate limits: PocketBase's limiter counts requests per
 * client address, in fixed windows. Checkout, portal and subscription sync: 10 a minute each; the account
 * routes: 5 a minute together; sign-ups: 20 a minute, for signed-in clients too. Behind a reverse
 * proxy, TRUSTED_PROXY_HEADERS makes each client count apart; without it, a forwarded-for header
 * is ignored (anyone could send one). Each server here is used by this file alone.
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asClientAt, startTestServer, statusOf, type TestServer, type TestUser } from '../harness.ts';
import { NO_BILLING_ENV } from './support.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startTestServer({ env: NO_BILLING_ENV }),
    // behind a proxy, the test checkout runs only when asked for, and links need APP_URL
    startTestServer({
      env: {
        ...NO_BILLING_ENV,
        TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
        APP_URL: 'https://adscout.example.test',
        ADSCOUT_BILLING: 'local',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
});

const post = (pb: PocketBase, path: string, body?: unknown) =>
  statusOf(pb.send(path, { method: 'POST', body }));

/** The statuses of `count` calls made one after another. */
async function statuses(count: number, call: (i: number) => Promise<number>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push(await call(i));
  return seen;
}

/** `user`'s client with another forwarded-for address on every request. */
function hopping(user: TestUser): PocketBase {
  let n = 0;
  user.pb.beforeSend = (url, options) => {
    n += 1;
    options.headers = { ...(options.headers ?? {}), 'X-Forwarded-For': `10.77.0.${n}` };
    return { url, options };
  };
  return user.pb;
}

describe('without a trusted proxy: one address, whatever X-Forwarded-For says', () => {
  it('checkout, portal and subscription sync: 10 a minute each, then 429', async () => {
    const user = await direct.createUser('buyer');
    const pb = hopping(user);
    const ok = Array(10).fill(0);
    expect(await statuses(11, () => post(pb, SERVER_ROUTES.checkout.path, { product: 'pack_100' }))).toEqual([
      ...ok,
      429,
    ]);
    expect(await statuses(11, () => post(pb, SERVER_ROUTES.portal.path))).toEqual([...ok, 429]);
    expect(await statuses(11, () => post(pb, SERVER_ROUTES.subscriptionSync.path))).toEqual([...ok, 429]);
    // another user from the same address shares the limit
    const other = await direct.createUser('neighbour');
    expect(await post(other.pb, SERVER_ROUTES.checkout.path, { product: 'pack_100' })).toBe(429);
  });

  it('the account routes: 5 a minute together, so the current password cannot be guessed fast', async () => {
    const user = await direct.createUser('guessed');
    const pb = hopping(user);
    const guesses = await statuses(6, (i) =>
      post(pb, (i % 2 ? SERVER_ROUTES.accountEmail : SERVER_ROUTES.accountPassword).path, {
        email: `new-${i}@adscout.test`,
        password: 'whatever-1',
        oldPassword: `guess-${i}`,
      }),
    );
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
    // even the right password waits for the next window
    expect(
      await post(pb, SERVER_ROUTES.accountPassword.path, {
        password: 'fresh-pass-1',
        oldPassword: user.password,
      }),
    ).toBe(429);
  });

  it('sign-ups: 20 a minute, for signed-in clients as for guests', async () => {
    const user = await direct.createUser('recruiter');
    const signUps = await statuses(21, (i) => {
      const email = `recruit-${i}-${Date.now().toString(36)}@adscout.test`;
      return statusOf(
        user.pb
          .collection(COLLECTIONS.users)
          .create({ email, password: 'Recruit-2026', passwordConfirm: 'Recruit-2026' }),
      );
    });
    expect(signUps).toEqual([...Array(20).fill(0), 429]);
    // the window is the address's: a guest from it is refused too
    const guest = direct.anonymous();
    expect(
      await statusOf(
        guest.collection(COLLECTIONS.users).create({
          email: `guest-${Date.now().toString(36)}@adscout.test`,
          password: 'Recruit-2026',
          passwordConfirm: 'Recruit-2026',
        }),
      ),
    ).toBe(429);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXY_HEADERS=X-Forwarded-For)', () => {
  it('is written into PocketBase’s settings at start', async () => {
    const settings = await proxied.superuser.settings.getAll();
    expect(settings.trustedProxy).toEqual({ headers: ['X-Forwarded-For'], useLeftmostIP: false });
    expect((await direct.superuser.settings.getAll()).trustedProxy.headers).toEqual([]);
  });

  it('counts two clients apart, and a client’s own forged prefix does not help it', async () => {
    const [first, second] = await Promise.all([proxied.createUser('first'), proxied.createUser('second')]);
    asClientAt(first.pb, '203.0.113.10');
    asClientAt(second.pb, '203.0.113.20');
    const ok = Array(10).fill(0);
    expect(await statuses(11, () => post(first.pb, SERVER_ROUTES.portal.path))).toEqual([...ok, 429]);
    expect(await post(second.pb, SERVER_ROUTES.portal.path)).toBe(0);
    // the proxy appends the address it saw; what the client wrote before it is not trusted
    const forger = new PocketBase(proxied.url);
    forger.authStore.save(first.pb.authStore.token, first.pb.authStore.record);
    forger.beforeSend = (url, options) => {
      options.headers = { ...(options.headers ?? {}), 'X-Forwarded-For': '198.51.100.99, 203.0.113.10' };
      return { url, options };
    };
    expect(await post(forger, SERVER_ROUTES.portal.path)).toBe(429);
  });
});
