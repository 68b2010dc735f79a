/**
 * Web Push in the browser (docs/push.md#the-browser, #the-service-worker). Chromium cannot
 * subscribe here (its push service is Google's), so:
 * - the Settings switch runs against a stubbed PushManager (an init script): turning it on saves
 *   the subscription on the server with the server's key, turning it off deletes it, and a logout
 *   deletes it too;
 * - the service worker's `push` handler gets real pushes through CDP's
 *   ServiceWorker.deliverPushMessage: it shows the notification (title, body, tag, data.url),
 *   unless a visible window shows that run's toast itself; its `notificationclick` opens the URL.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { runLink, runTag } from '../../src/domain/push/push-message.ts';
import { subscriber } from '../fixtures/records.ts';
import { expect, test, type Admin, type E2eUser } from './fixtures.ts';
import { controlledByServiceWorker, toast } from './locators.ts';

const SWITCH = 'Notify me when a scout finishes';
const LINK = 'https://www.facebook.com/ads/library/?active_status=all&country=US&q=own%20lamps';

async function subscriptionsOf(admin: Admin, user: E2eUser) {
  return admin.pb
    .collection(COLLECTIONS.pushSubscriptions)
    .getFullList({ filter: admin.pb.filter('user = {:u}', { u: user.id }) });
}

/** A browser's subscription as a push service would hand it out (the keys are real P-256 ones). */
function fakeSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${randomBytes(12).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * Replaces PushManager's subscribe and getSubscription with a subscription kept in the page:
 * `window.pushStub` records the applicationServerKey it was asked for and the unsubscribes.
 */
async function stubPushManager(page: Page, subscription: ReturnType<typeof fakeSubscription>) {
  await page.addInitScript((sub) => {
    const toBytes = (text: string) => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
      return Uint8Array.from(raw, (char) => char.charCodeAt(0));
    };
    const toText = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const stub = { key: '', unsubscribes: 0, current: null as unknown };
    (window as unknown as { pushStub: typeof stub }).pushStub = stub;
    const make = (key: Uint8Array) => ({
      endpoint: sub.endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
      unsubscribe: async () => {
        stub.unsubscribes += 1;
        stub.current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes =
        typeof key === 'string'
          ? toBytes(key)
          : new Uint8Array(key as ArrayBuffer | ArrayBufferView as ArrayBuffer);
      stub.key = toText(bytes);
      stub.current = make(bytes);
      return stub.current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return stub.current as PushSubscription | null;
    };
  }, subscription);
}

async function vapidPublicKey(page: Page): Promise<string> {
  const response = await page.request.get(SERVER_ROUTES.config.path);
  return ((await response.json()) as { vapidPublicKey: string }).vapidPublicKey;
}

test('the Settings switch saves this browser’s push subscription, and turning it off or logging out deletes it', async ({
  page,
  context,
  admin,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications']);
  const subscription = fakeSubscription();
  await stubPushManager(page, subscription);
  const user = await subscriber(admin.pb, admin, 'push-switch');
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await controlledByServiceWorker(page);
  const key = await vapidPublicKey(page);
  expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);

  await page.goto('/app/settings');
  await expect(page.getByText('add AdScout to your Home Screen')).toBeVisible();
  const setting = page.getByRole('switch', { name: SWITCH });
  await setting.click();
  await expect(setting).toBeChecked();
  await expect.poll(() => subscriptionsOf(admin, user), { timeout: 15_000 }).toHaveLength(1);
  const [saved] = await subscriptionsOf(admin, user);
  expect(saved).toMatchObject(subscription);
  // subscribed with the server's key
  expect(await page.evaluate(() => (window as unknown as { pushStub: { key: string } }).pushStub.key)).toBe(
    key,
  );

  await setting.click();
  await expect(setting).not.toBeChecked();
  await expect.poll(() => subscriptionsOf(admin, user), { timeout: 15_000 }).toEqual([]);
  expect(
    await page.evaluate(
      () => (window as unknown as { pushStub: { unsubscribes: number } }).pushStub.unsubscribes,
    ),
  ).toBe(1);

  // on again, then a logout: this browser's subscription goes with the session
  await setting.click();
  await expect(setting).toBeChecked();
  await expect.poll(() => subscriptionsOf(admin, user), { timeout: 15_000 }).toHaveLength(1);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => subscriptionsOf(admin, user), { timeout: 15_000 }).toEqual([]);
});

/**
 * Delivers a push to the page's service worker through CDP's ServiceWorker domain. CDP answers
 * before the push event runs and says nothing of a push the service worker never got (a CI run
 * lost one on a busy machine once); `deliverUntilShown` makes up for that where a push must show.
 */
async function deliverPush(page: Page, data: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => {
    registrations.push(...event.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const registration = registrations.find((r) => r.scopeURL.startsWith(origin))!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration.registrationId,
    data: JSON.stringify(data),
  });
  await cdp.detach();
}

/**
 * Delivers a push that must show, and waits until the tray is `expected`. A push not shown within
 * 8 s is delivered again, twice at most: it carries the same tag, so a second showing replaces the
 * first and the tray holds it once either way. A redelivery is noted on the test.
 */
async function deliverUntilShown(page: Page, data: unknown, expected: Shown[]): Promise<void> {
  const attempts = 3;
  for (let attempt = 1; ; attempt += 1) {
    await deliverPush(page, data);
    try {
      await expect
        .poll(() => notifications(page), { timeout: attempt < attempts ? 8_000 : 15_000 })
        .toEqual(expected);
      if (attempt > 1) {
        test
          .info()
          .annotations.push({ type: 'push redelivered', description: `shown at delivery ${attempt}` });
      }
      return;
    } catch (error) {
      if (attempt === attempts) throw error;
    }
  }
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The tray's notifications in a fixed order: getNotifications() promises none (a CI-like run listed
 * the newest first once). */
const byTagAndBody = (shown: Shown[]) =>
  [...shown].sort((a, b) => a.tag.localeCompare(b.tag) || a.body.localeCompare(b.body));

async function notifications(page: Page): Promise<Shown[]> {
  const shown = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const listed = await registration.getNotifications();
    return listed.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
  return byTagAndBody(shown);
}

test('the service worker shows a push, unless a visible window shows that run itself, and a click opens its page', async ({
  page,
  context,
  admin,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications']);
  const user = await subscriber(admin.pb, admin, 'push-sw');
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await controlledByServiceWorker(page);

  // a run this window knows nothing of: shown
  const run = 'pushrun00000001';
  const push = {
    kind: 'run',
    title: 'AdScout',
    body: 'Posture US: 14 new ads',
    url: runLink(run),
    tag: runTag(run),
    run,
  };
  await deliverUntilShown(page, push, [
    { title: 'AdScout', body: push.body, tag: push.tag, data: { url: push.url } },
  ]);

  // a run this window started: its form toasts it, so the push of it shows nothing more
  await page.getByLabel('Search name').fill('Own lamps');
  await page.getByLabel('Facebook Ad Library link').fill(LINK);
  await page.getByLabel('Number of ads').fill('10');
  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(toast(page, 'Scout completed! Found 10 ads.')).toBeVisible({ timeout: 30_000 });
  const [own] = await admin.pb
    .collection(COLLECTIONS.searchRuns)
    .getFullList({ filter: admin.pb.filter('user = {:u}', { u: user.id }) });
  const ownPush = {
    ...push,
    body: 'Own lamps: 10 new ads',
    url: runLink(own!.id),
    tag: runTag(own!.id),
    run: own!.id,
  };
  await deliverPush(page, ownPush);
  // then a run it does not know: once that one shows, the one before was settled (each push takes
  // the same steps, so they settle in order), and it showed nothing
  const other = 'pushrun00000002';
  const otherPush = {
    ...push,
    body: 'Other: 2 new ads',
    url: runLink(other),
    tag: runTag(other),
    run: other,
  };
  const tray = (...pushes: (typeof push)[]) =>
    byTagAndBody(pushes.map((p) => ({ title: p.title, body: p.body, tag: p.tag, data: { url: p.url } })));
  await deliverUntilShown(page, otherPush, tray(push, otherPush));

  // the same window, hidden, no longer shows it itself: a push delivered then is shown
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  });
  const hiddenPush = { ...ownPush, body: 'Own lamps, hidden: 10 new ads' };
  await deliverUntilShown(page, hiddenPush, tray(push, otherPush, hiddenPush));

  // the click opens the run in this window
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async (tag) => {
    // the service worker's own globals, which the page's DOM types do not describe
    const scope = globalThis as unknown as {
      registration: { getNotifications(): Promise<{ tag: string }[]> };
      dispatchEvent(event: Event): boolean;
      WindowClient: { prototype: { focus(): Promise<unknown> } };
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
    };
    // a synthetic click has no user activation: focus() would be refused, so it only returns the window
    scope.WindowClient.prototype.focus = function (this: unknown) {
      return Promise.resolve(this);
    };
    const shown = (await scope.registration.getNotifications()).find((n) => n.tag === tag);
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
  }, push.tag);
  await expect(page).toHaveURL(new RegExp(`${push.url.replace(/[?]/g, '\\?')}$`));
});
