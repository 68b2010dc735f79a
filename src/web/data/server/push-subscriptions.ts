/**
 * This browser's push subscription on the server (docs/push.md#subscriptions): saved through the
 * record API (the server checks the endpoint, keeps at most 10 a user and moves an endpoint
 * another account held), and deleted when notifications are turned off or the user logs out.
 */
import { COLLECTIONS } from '../../../domain/api/collections.ts';
import { pb } from './client.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The record of `endpoint` that the signed-in user holds, or null. */
async function ownRecord(endpoint: string): Promise<{ id: string; p256dh: string; auth: string } | null> {
  const found = await pb.collection(COLLECTIONS.pushSubscriptions).getList(1, 1, {
    filter: pb.filter('endpoint = {:endpoint}', { endpoint }),
  });
  const record = found.items[0];
  return record ? { id: record.id, p256dh: String(record.p256dh), auth: String(record.auth) } : null;
}

/** Saves `subscription` for `userId` unless they hold it already with the same keys. */
export async function savePushSubscription(
  userId: string,
  subscription: PushSubscriptionInput,
): Promise<void> {
  const held = await ownRecord(subscription.endpoint);
  if (held && held.p256dh === subscription.p256dh && held.auth === subscription.auth) return;
  // a record of the same endpoint (ours with old keys, or another account's) is replaced by the server
  await pb.collection(COLLECTIONS.pushSubscriptions).create({ user: userId, ...subscription });
}

/** Deletes the signed-in user's record of `endpoint`, if there is one. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  const held = await ownRecord(endpoint);
  if (held) await pb.collection(COLLECTIONS.pushSubscriptions).delete(held.id);
}
