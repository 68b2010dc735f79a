/**
 * Saving a browser's push subscription (docs/push.md#subscriptions): onRecordCreateRequest of
 * push_subscriptions. The owner is the session's; the endpoint must pass
 * src/domain/push/push-endpoint.ts (https, no private address written literally, unless
 * MEDIA_FETCH_ALLOW names it); the keys their patterns. In the transaction that stores it: an
 * endpoint someone held moves to the new record (a browser has one endpoint, whoever is signed in
 * there now; the same user saving it again replaces the old keys), and a user has at most
 * PUSH_SUBSCRIPTIONS_PER_USER — counted after the move, so a browser that saves its own endpoint
 * again is never refused.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { checkInput } from '../../domain/forms/forms.ts';
import { PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';
import { pushEndpointRefusal, pushSubscriptionInputSchema } from '../../domain/push/push-endpoint.ts';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../domain/push/push-rules.ts';
import { fetchAllow } from '../config/index.ts';

export function handlePushSubscriptionCreate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  // a guest or a worker: the collection's create rule refuses them
  if (!e.auth || e.auth.collection().name !== COLLECTIONS.users) return e.next();
  const userId = e.auth.id;
  const record = e.record!;
  const checked = checkInput(pushSubscriptionInputSchema, {
    endpoint: record.getString('endpoint'),
    p256dh: record.getString('p256dh'),
    auth: record.getString('auth'),
  });
  if (!checked.ok) throw new BadRequestError(checked.message);
  const endpoint = checked.data.endpoint;
  const refusal = pushEndpointRefusal(endpoint, fetchAllow());
  if (refusal) {
    console.log(`[adscout] push subscription of user ${userId} refused: ${endpoint.slice(0, 200)}`);
    throw new BadRequestError(refusal);
  }
  record.set('user', userId);

  $app.runInTransaction((txApp) => {
    const held = txApp.findRecordsByFilter(
      COLLECTIONS.pushSubscriptions,
      'endpoint = {:endpoint}',
      '',
      0,
      0,
      {
        endpoint: endpoint,
      },
    );
    // its queued pushes go with it (the relation cascades)
    for (const old of held) txApp.delete(old!);
    const owned = txApp.findRecordsByFilter(
      COLLECTIONS.pushSubscriptions,
      'user = {:user}',
      '',
      PUSH_SUBSCRIPTIONS_PER_USER,
      0,
      { user: userId },
    );
    if (owned.length >= PUSH_SUBSCRIPTIONS_PER_USER)
      throw new BadRequestError(PRODUCT_MESSAGES.pushSubscriptionsFull);
    e.app = txApp;
    e.next();
  });
}
