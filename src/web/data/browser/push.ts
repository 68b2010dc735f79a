/**
 * This browser's Web Push subscription (docs/push.md#the-browser): the PushManager of the service
 * worker's registration, subscribed with the server's VAPID public key. Only the browser's side:
 * saving it on the server is src/web/data/server/push-subscriptions.ts's, and
 * src/web/data/local/push-setting.ts puts the two together.
 */

/** The subscription as the server stores it (PushSubscription.toJSON()'s endpoint and keys). */
export interface BrowserPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Whether this browser can receive pushes with the app closed (Safari on iPhone: from the Home Screen only). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The key in the bytes applicationServerKey takes (base64url without padding, as the server gives it). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function plain(subscription: PushSubscription): BrowserPushSubscription | null {
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  return json.endpoint && p256dh && auth ? { endpoint: json.endpoint, p256dh, auth } : null;
}

/**
 * The service worker registration's PushManager. Subscribing waits for the service worker to be
 * ready; reading or unsubscribing does not (a page without one, in development, has no
 * subscription, and a logout must never wait for one).
 */
async function pushManager(waitForWorker = false): Promise<PushManager | null> {
  if (!pushSupported()) return null;
  const registration = waitForWorker
    ? await navigator.serviceWorker.ready
    : await navigator.serviceWorker.getRegistration();
  return registration?.pushManager ?? null;
}

/** This browser's subscription now, or null. */
export async function currentPushSubscription(): Promise<BrowserPushSubscription | null> {
  const manager = await pushManager();
  const subscription = await manager?.getSubscription();
  return subscription ? plain(subscription) : null;
}

/**
 * Subscribes this browser with `vapidPublicKey` (a subscription made with another key is dropped
 * first: a push service refuses pushes signed with a key it was not made with). Throws what the
 * browser or its push service refused.
 */
export async function subscribeBrowser(vapidPublicKey: string): Promise<BrowserPushSubscription> {
  const manager = await pushManager(true);
  if (!manager) throw new Error('this browser has no PushManager');
  const key = applicationServerKey(vapidPublicKey);
  const existing = await manager.getSubscription();
  if (existing) {
    const used = existing.options.applicationServerKey;
    const same =
      used && new Uint8Array(used).every((byte, i) => byte === key[i]) && used.byteLength === key.length;
    if (same) {
      const kept = plain(existing);
      if (kept) return kept;
    }
    await existing.unsubscribe();
  }
  const subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const made = plain(subscription);
  if (!made) throw new Error('the push subscription has no keys');
  return made;
}

/** Unsubscribes this browser; returns the endpoint it had, or null. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const manager = await pushManager().catch(() => null);
  const subscription = await manager?.getSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription
    .unsubscribe()
    .catch((error: unknown) => console.warn('[push] could not unsubscribe', error));
  return endpoint;
}
