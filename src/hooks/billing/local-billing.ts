/**
 * Local billing (docs/billing.md#local-mode): with no Stripe key, checkout and portal URLs open pages served
 * here (local-pages.ts), clearly marked as tests. "Pay" completes the purchase through the same
 * fulfilment code as a verified Stripe webhook (fulfil.ts), and the portal's actions go through
 * the same status mapping and fulfilment as Stripe's subscription updates. The URL carries the
 * capability — a random 48-character token bound to one user, stored in the superuser-only
 * billing_sessions collection — since the page opens in a new tab without the app's auth
 * header. Checkout tokens are single-use; both kinds expire after an hour.
 */
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { parsePbDate } from '../../domain/text/format.ts';
import { PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';
import { ROUTES } from '../../domain/pages/routes.ts';
import { CHECKOUT_RETURN, type CheckoutProduct } from '../../domain/billing/plans.ts';
import { appUrl, billingMode, origin } from '../config/index.ts';
import { subscriptionOf } from '../quota/index.ts';
import { applySubscription, grantPack, periodEnd } from './fulfil.ts';
import {
  checkoutPage,
  portalPage,
  setPageHeaders,
  type PortalAction,
  type PortalSubscription,
} from './local-pages.ts';
import { mapStripeStatus } from './stripe-protocol.ts';

const CHECKOUT_TTL_S = 60 * 60;
const PORTAL_TTL_S = 60 * 60;
const SESSIONS_WINDOW_S = 60 * 60;
export const MAX_SESSIONS_PER_HOUR = 20;

type SessionKind = 'checkout' | 'portal';

/** Local billing exists only while no Stripe key is configured. */
export function requireLocalMode(): void {
  if (billingMode() !== 'local') throw new NotFoundError('Not found.');
}

/** Where the browser goes back to: the app's Settings page (on APP_URL when it is set). */
function settingsUrl(query: string): string {
  return `${appUrl()}${ROUTES.settings.path}${query}`;
}

/** A Go duration of `seconds` (DateTime.add takes nanoseconds). */
function seconds(value: number): time.Duration {
  return (value * 1e9) as unknown as time.Duration;
}

/** Sessions a user opened in the last hour. */
function recentSessions(txApp: CoreApp, userId: string): number {
  const row = new DynamicModel({ n: 0 });
  txApp
    .db()
    .newQuery(
      `SELECT COUNT(*) AS n FROM ${COLLECTIONS.billingSessions} WHERE user = {:user} AND created > {:since}`,
    )
    .bind({ user: userId, since: new DateTime().add(seconds(-SESSIONS_WINDOW_S)).string() })
    .one(row);
  return row.n;
}

/**
 * Opens a session. At most MAX_SESSIONS_PER_HOUR per user: the rate limiter counts requests per
 * address, and this keeps one account from growing the table from many addresses. The count and
 * the insert share a transaction, which the single SQLite writer serializes.
 */
function createSession(userId: string, kind: SessionKind, product: string, ttlSeconds: number): core.Record {
  let created: core.Record | null = null;
  $app.runInTransaction((txApp) => {
    if (recentSessions(txApp, userId) >= MAX_SESSIONS_PER_HOUR) {
      throw new ApiError(429, PRODUCT_MESSAGES.tooManyBillingLinks, {});
    }
    const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.billingSessions));
    record.load({
      user: userId,
      kind: kind,
      product: product,
      token: $security.randomString(48),
      status: 'open',
      expires_at: new DateTime().add(seconds(ttlSeconds)).string(),
    });
    txApp.save(record);
    created = record;
  });
  return created!;
}

/** Deletes sessions that expired (used, canceled or not, they can no longer do anything). */
export function pruneSessions(): number {
  const result = $app
    .db()
    .newQuery(`DELETE FROM ${COLLECTIONS.billingSessions} WHERE expires_at < {:now}`)
    .bind({ now: new DateTime().string() })
    .execute();
  const removed = Number(result.rowsAffected());
  if (removed > 0) console.log(`[adscout] billing sessions: ${removed} expired removed`);
  return removed;
}

/** The open session a token names, or a 404 (unknown, used, expired, or of the other kind). */
function openSession(app: CoreApp, token: string, kind: SessionKind): core.Record {
  let session;
  try {
    session = app.findFirstRecordByFilter(COLLECTIONS.billingSessions, 'token = {:token} && kind = {:kind}', {
      token: String(token || ''),
      kind: kind,
    });
  } catch (_) {
    throw new NotFoundError('This test billing link is not valid.');
  }
  if (session.getString('status') !== 'open' || session.getString('expires_at') < new DateTime().string()) {
    throw new NotFoundError('This test billing link has been used or has expired.');
  }
  return session;
}

/** SERVER_ROUTES.checkout in local mode: a test-checkout URL for the product. */
export function localCheckoutUrl(e: core.RequestEvent, userId: string, product: CheckoutProduct): string {
  const session = createSession(userId, 'checkout', product, CHECKOUT_TTL_S);
  return `${origin(e)}${SERVER_ROUTES.localCheckoutPage.url(session.getString('token'))}`;
}

/** SERVER_ROUTES.portal in local mode: a test-portal URL for the user. */
export function localPortalUrl(e: core.RequestEvent, userId: string): string {
  const session = createSession(userId, 'portal', '', PORTAL_TTL_S);
  return `${origin(e)}${SERVER_ROUTES.localPortalPage.url(session.getString('token'))}`;
}

/** The test checkout page of a token. */
export function localCheckoutPage(e: core.RequestEvent, token: string): string {
  const session = openSession($app, token, 'checkout');
  setPageHeaders(e);
  return checkoutPage(token, session.getString('product') as CheckoutProduct);
}

/**
 * Completes (pay) or closes (cancel) a test checkout in one transaction with its effect, which
 * is what a verified webhook for that purchase does. Returns the app URL to send the browser to.
 */
export function finishLocalCheckout(token: string, pay: boolean): string {
  $app.runInTransaction((txApp) => {
    const session = openSession(txApp, token, 'checkout');
    session.set('status', pay ? 'paid' : 'canceled');
    txApp.save(session);
    if (!pay) return;
    const userId = session.getString('user');
    const product = session.getString('product');
    if (product === 'monthly' || product === 'yearly') {
      const now = new Date();
      applySubscription(txApp, userId, {
        plan: product,
        status: mapStripeStatus('active'),
        cancelAtPeriodEnd: false,
        currentPeriodEnd: periodEnd(product, now),
        startedAt: now,
        customerId: '',
        subscriptionId: '',
      });
    } else {
      // keyed like a Stripe checkout session: one grant per session
      grantPack(txApp, userId, product, `local_${session.id}`);
    }
  });
  return settingsUrl(pay ? CHECKOUT_RETURN.paid : CHECKOUT_RETURN.canceled);
}

function stateOf(subscription: core.Record | null): PortalSubscription | null {
  if (!subscription) return null;
  return {
    plan: subscription.getString('plan'),
    status: subscription.getString('status'),
    cancelAtPeriodEnd: subscription.getBool('cancel_at_period_end'),
    currentPeriodEnd: subscription.getString('current_period_end'),
  };
}

/** The test portal page of a token; `done` names the action just applied. */
export function localPortalPage(e: core.RequestEvent, token: string, done: string): string {
  const session = openSession($app, token, 'portal');
  const subscription = stateOf(subscriptionOf($app, session.getString('user')));
  setPageHeaders(e);
  return portalPage(token, subscription, done, settingsUrl(''));
}

/**
 * The Stripe state each portal action stands for: the resulting record goes through the same
 * status mapping and fulfilment as a webhook reporting that state.
 */
const PORTAL_ACTIONS: {
  readonly [A in PortalAction]: (s: PortalSubscription) => {
    stripeStatus: string;
    cancelAtPeriodEnd: boolean;
  };
} = {
  cancel: (s) => ({
    stripeStatus: s.status === 'suspended' ? 'past_due' : 'active',
    cancelAtPeriodEnd: true,
  }),
  resume: (s) => ({
    stripeStatus: s.status === 'suspended' ? 'past_due' : 'active',
    cancelAtPeriodEnd: false,
  }),
  fail: (s) => ({ stripeStatus: 'past_due', cancelAtPeriodEnd: s.cancelAtPeriodEnd }),
  recover: (s) => ({ stripeStatus: 'active', cancelAtPeriodEnd: s.cancelAtPeriodEnd }),
};

function isPortalAction(name: string): name is PortalAction {
  return Object.prototype.hasOwnProperty.call(PORTAL_ACTIONS, name);
}

/** Applies a portal action (cancel, resume, fail, recover) to the session owner's subscription. */
export function localPortalAction(token: string, name: string): void {
  if (!isPortalAction(name)) throw new NotFoundError('Unknown action.');
  $app.runInTransaction((txApp) => {
    const session = openSession(txApp, token, 'portal');
    const userId = session.getString('user');
    const current = stateOf(subscriptionOf(txApp, userId));
    if (!current || !current.plan || current.status === 'canceled') {
      throw new BadRequestError('There is no subscription to change.');
    }
    const next = PORTAL_ACTIONS[name](current);
    applySubscription(txApp, userId, {
      plan: current.plan,
      status: mapStripeStatus(next.stripeStatus),
      cancelAtPeriodEnd: next.cancelAtPeriodEnd,
      // the period end stays: canceling at period end ends the plan then, not now
      currentPeriodEnd: current.currentPeriodEnd ? parsePbDate(current.currentPeriodEnd) : null,
    });
  });
}
