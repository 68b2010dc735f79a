/**
 * "Notify me when a scout finishes" as Web Push (docs/push.md#the-browser): turning it on asks
 * the browser's permission (notifications.ts), subscribes this browser with the server's VAPID
 * public key (browser/push.ts) and saves the subscription (server/push-subscriptions.ts); turning
 * it off, or logging out, unsubscribes this browser and deletes it. A browser that cannot receive
 * pushes (no PushManager; an iPhone outside the Home Screen) keeps the in-app notifications.
 */
import {
  currentPushSubscription,
  pushSupported,
  subscribeBrowser,
  unsubscribeBrowser,
} from '../browser/push.ts';
import { notificationsEnabled } from '../browser/notifications.ts';
import { deletePushSubscription, savePushSubscription } from '../server/push-subscriptions.ts';
import { signOut } from '../server/session.ts';

/** What turning push on did: subscribed, or why this browser stays with in-app notifications. */
export type PushOnResult = 'subscribed' | 'unsupported' | 'no-key';

/**
 * Subscribes this browser for `userId` and saves the subscription. Throws the server's refusal
 * (its message is the user's: the 11th browser, an endpoint it cannot use) or the browser's.
 */
export async function turnPushOn(userId: string, vapidPublicKey: string): Promise<PushOnResult> {
  if (!pushSupported()) return 'unsupported';
  if (!vapidPublicKey) return 'no-key';
  const subscription = await subscribeBrowser(vapidPublicKey);
  await savePushSubscription(userId, subscription);
  return 'subscribed';
}

/** Unsubscribes this browser and deletes its subscription on the server (best effort offline). */
export async function turnPushOff(): Promise<void> {
  const endpoint = (await currentPushSubscription().catch(() => null))?.endpoint ?? null;
  if (endpoint)
    await deletePushSubscription(endpoint).catch((error: unknown) =>
      console.warn('[push] could not delete the subscription', error),
    );
  await unsubscribeBrowser();
}

/**
 * At the app's start, for a user who turned notifications on here: the subscription is made or
 * saved again when it is missing (after a logout and a login, a new VAPID key, a push service
 * that dropped it). Errors are logged: the in-app notifications keep working.
 */
export async function keepPushSubscribed(userId: string, vapidPublicKey: string): Promise<void> {
  if (!notificationsEnabled(userId) || !pushSupported() || !vapidPublicKey) return;
  try {
    await turnPushOn(userId, vapidPublicKey);
  } catch (error) {
    console.warn('[push] could not keep this browser subscribed', error);
  }
}

/**
 * Logs out, deleting this browser's push subscription first (while the session may still delete
 * it): the next person signed in here gets no push of this account. Offline, the server's record
 * stays until the push service says it is gone; the browser's subscription goes all the same.
 */
export async function signOutHere(): Promise<void> {
  await turnPushOff().catch((error: unknown) => console.warn('[push] could not turn push off', error));
  await signOut();
}
