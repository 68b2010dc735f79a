/**
 * A browser's push subscription names an endpoint the server will POST to (docs/push.md): it is
 * refused when saved unless it is an https link to a host that is not a private address written
 * literally, or MEDIA_FETCH_ALLOW names it. Users reach only their own subscriptions; a user has
 * at most 10; an endpoint another account held moves to the new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { PRODUCT_MESSAGES } from '../../../src/domain/forms/messages.ts';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../../src/domain/push/push-rules.ts';
import { browserKeys } from '../../fixtures/push-service.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from '../harness.ts';

/** The one private endpoint this server's MEDIA_FETCH_ALLOW names (nothing listens there). */
const ALLOWED = '127.0.0.1:9';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { MEDIA_FETCH_ALLOW: ALLOWED } });
});
afterAll(async () => {
  await server?.stop();
});

let endpoints = 0;
/** A push-service-like endpoint nobody else uses. */
function endpoint(base = 'https://push.example.com/send'): string {
  endpoints += 1;
  return `${base}/${endpoints}-${Math.random().toString(36).slice(2)}`;
}

function save(user: TestUser, url: string, keys = browserKeys()): Promise<RecordModel> {
  return user.pb.collection(COLLECTIONS.pushSubscriptions).create({ user: user.id, endpoint: url, ...keys });
}

/** The message of a refused create. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
    return { status: 0, message: '' };
  } catch (error) {
    const e = error as { status: number; response?: { message?: string } };
    return { status: e.status, message: e.response?.message ?? '' };
  }
}

async function stored(): Promise<RecordModel[]> {
  return server.superuser.collection(COLLECTIONS.pushSubscriptions).getFullList();
}

describe('a push endpoint when it is saved', () => {
  it.each([
    ['plain http', 'http://push.example.com/send/x'],
    ['loopback', 'https://127.0.0.1/send/x'],
    ['loopback, another form', 'https://0x7f.1/send/x'],
    ['loopback as one number', 'https://2130706433/send/x'],
    ['private 10/8', 'https://10.1.2.3/x'],
    ['private 192.168/16', 'https://192.168.1.10:8443/x'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/x'],
    ['IPv4-mapped IPv6', 'https://[::ffff:10.0.0.1]/x'],
    ['unique local IPv6', 'https://[fd00::5]/x'],
    ['localhost', 'https://localhost/x'],
    ['a name under localhost', 'https://push.localhost/x'],
    ['credentials', 'https://user:pw@push.example.com/x'],
    ['another scheme', 'ftp://push.example.com/x'],
    ['not a link', 'push.example.com/x'],
    ['a private endpoint not allowed, on another port', 'http://127.0.0.1:10/x'],
  ])('refuses %s (%s) with a 400 naming the problem, and stores nothing', async (_, url) => {
    const user = await server.createUser('refused');
    expect(await refusal(save(user, url))).toEqual({
      status: 400,
      message: PRODUCT_MESSAGES.pushEndpointRefused,
    });
    expect((await stored()).filter((s) => s.endpoint === url)).toEqual([]);
  });

  it('saves a public https endpoint for its owner, whatever user the body names', async () => {
    const owner = await server.createUser('owner');
    const other = await server.createUser('other');
    const url = endpoint();
    const keys = browserKeys();
    const record = await owner.pb
      .collection(COLLECTIONS.pushSubscriptions)
      .create({ user: other.id, endpoint: url, ...keys })
      .catch(() => null);
    // the create rule refuses a body naming someone else, or the hook makes it the owner's
    const mine = (await stored()).filter((s) => s.endpoint === url);
    if (record) expect(mine.map((s) => s.user)).toEqual([owner.id]);
    else expect(mine).toEqual([]);
    const saved = await save(owner, endpoint());
    expect(saved.user).toBe(owner.id);
  });

  it('allows an endpoint MEDIA_FETCH_ALLOW names, over http and on a private address', async () => {
    const user = await server.createUser('allowed');
    const saved = await save(user, `http://${ALLOWED}/notify/abc`);
    expect(saved.endpoint).toBe(`http://${ALLOWED}/notify/abc`);
  });

  it('refuses keys that are not a browser’s', async () => {
    const user = await server.createUser('keys');
    const { p256dh, auth } = browserKeys();
    for (const keys of [
      { p256dh: p256dh.slice(1), auth },
      { p256dh, auth: `${auth}x` },
      { p256dh: `A${p256dh.slice(1)}`, auth },
    ]) {
      expect(await refusal(save(user, endpoint(), keys))).toEqual({
        status: 400,
        message: PRODUCT_MESSAGES.pushKeysRefused,
      });
    }
  });
});

describe('push subscriptions belong to their owner', () => {
  it('other users cannot list, view, change or delete them; guests and workers cannot create one', async () => {
    const owner = await server.createUser('owner');
    const other = await server.createUser('other');
    const mine = await save(owner, endpoint());
    const others = other.pb.collection(COLLECTIONS.pushSubscriptions);
    expect((await others.getFullList()).map((s) => s.id)).not.toContain(mine.id);
    expect(await statusOf(others.getOne(mine.id))).toBe(404);
    expect(await statusOf(others.delete(mine.id))).toBe(404);
    // nobody updates one (no update rule), the owner neither: a browser with new keys saves it again
    expect(await statusOf(others.update(mine.id, { endpoint: endpoint() }))).toBe(403);
    expect(
      await statusOf(
        owner.pb.collection(COLLECTIONS.pushSubscriptions).update(mine.id, { auth: browserKeys().auth }),
      ),
    ).toBe(403);
    expect(
      await statusOf(
        server
          .anonymous()
          .collection(COLLECTIONS.pushSubscriptions)
          .create({ endpoint: endpoint(), ...browserKeys() }),
      ),
    ).toBe(400);
    expect(
      await statusOf(
        server.worker
          .collection(COLLECTIONS.pushSubscriptions)
          .create({ endpoint: endpoint(), ...browserKeys() }),
      ),
    ).toBe(400);
    expect((await stored()).find((s) => s.id === mine.id)).toMatchObject({
      user: owner.id,
      endpoint: mine.endpoint,
    });
    // the owner lists and deletes their own
    expect((await owner.pb.collection(COLLECTIONS.pushSubscriptions).getFullList()).map((s) => s.id)).toEqual(
      [mine.id],
    );
    await owner.pb.collection(COLLECTIONS.pushSubscriptions).delete(mine.id);
    expect((await stored()).find((s) => s.id === mine.id)).toBeUndefined();
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_USER} a user: the next is refused with a message, also when sent at once`, async () => {
    const user = await server.createUser('many');
    const results = await Promise.allSettled(
      Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 3 }, () => save(user, endpoint())),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    const own = () => user.pb.collection(COLLECTIONS.pushSubscriptions).getFullList();
    expect(await own()).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(await refusal(save(user, endpoint()))).toEqual({
      status: 400,
      message: PRODUCT_MESSAGES.pushSubscriptionsFull,
    });
    // a browser saving its own endpoint again replaces it, even at the limit
    const first = (await own())[0]!;
    const again = await save(user, first.endpoint);
    expect(again.id).not.toBe(first.id);
    expect(await own()).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    // one turned off frees a place
    await user.pb.collection(COLLECTIONS.pushSubscriptions).delete(again.id);
    await save(user, endpoint());
    expect(await own()).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
  });

  it('an endpoint another user held moves to the new one, with nothing queued for the old one left', async () => {
    const before = await server.createUser('before');
    const after = await server.createUser('after');
    const url = endpoint();
    const old = await save(before, url);
    // a push waiting for the old subscription
    await server.superuser.collection(COLLECTIONS.pushMessages).create({
      subscription: old.id,
      user: before.id,
      payload: '{}',
      topic: '',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      status: 'pending',
      attempts: 0,
      next_attempt_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const moved = await save(after, url);
    expect((await stored()).filter((s) => s.endpoint === url)).toEqual([
      expect.objectContaining({ id: moved.id, user: after.id }),
    ]);
    expect(await before.pb.collection(COLLECTIONS.pushSubscriptions).getFullList()).toEqual([]);
    expect(
      await server.superuser
        .collection(COLLECTIONS.pushMessages)
        .getFullList({ filter: `subscription = "${old.id}"` }),
    ).toEqual([]);
  });
});
