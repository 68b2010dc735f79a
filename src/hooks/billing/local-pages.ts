/**
 * The HTML of local mode's test checkout and test customer portal (local-billing.ts serves
 * them). Plain pages with inline CSS, clearly marked as tests; every interpolated value is
 * escaped. The capability token is in the URL, so the pages send no referrer.
 */
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { formatCount, formatLongDate, parsePbDate } from '../../domain/text/format.ts';
import { CREDIT_PACKS, PLANS, planDisplayName, type CheckoutProduct } from '../../domain/billing/plans.ts';
import { appUrl } from '../config/index.ts';
import { escapeHtml } from '../../domain/text/html.ts';

/** Response headers of every local billing page: never cached, no referrer, nothing external. */
export function setPageHeaders(e: core.RequestEvent): void {
  const header = e.response.header();
  // the forms post here and are redirected to the app, which may live on APP_URL
  const app = appUrl();
  const formTargets = /^https?:\/\/[^\s;,']+$/.test(app) ? `'self' ${app}` : "'self'";
  header.set('Cache-Control', 'no-store');
  header.set('Referrer-Policy', 'no-referrer');
  header.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`,
  );
}

// one string per rule group, joined as the page's <style> lines
const STYLE = [
  '',
  "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f6f8fb;color:#0b1424;margin:0;padding:2rem 1rem;line-height:1.5}",
  'main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #dbe2ea;border-radius:12px;padding:2rem;box-shadow:0 4px 16px rgb(15 23 42/6%)}',
  '.test{background:#fef3c7;color:#78350f;border:1px solid #fcd34d;border-radius:8px;padding:.75rem 1rem;margin:0 0 1.5rem}',
  'h1{font-size:1.5rem;margin:0 0 1rem}.price{font-size:2rem;font-weight:800;margin:.25rem 0}.muted{color:#4a5568}',
  'form{display:inline}button,.link{font:inherit;font-weight:600;border-radius:6px;min-height:44px;padding:0 1.5rem;cursor:pointer;display:inline-flex;align-items:center;text-decoration:none}',
  'button{background:#1d4ed8;color:#fff;border:0}.secondary{background:#fff;color:#0b1424;border:1px solid #b6c2d1}.danger{background:#b91c1c;color:#fff}',
  '.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}.notice{background:#e0e9ff;border-radius:8px;padding:.75rem 1rem}',
  ':focus-visible{outline:3px solid #f97316;outline-offset:2px}',
].join('\n');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · AdScout</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** What the checkout page shows for a product. */
function productInfo(product: CheckoutProduct) {
  if (product === 'monthly' || product === 'yearly') {
    const plan = PLANS[product];
    return {
      title: plan.displayName,
      price: `€${formatCount(plan.priceEur ?? 0)} / ${plan.interval}`,
      detail: `${formatCount(plan.monthlyQuota)} results a month`,
    };
  }
  const pack = CREDIT_PACKS[product];
  return {
    title: `${formatCount(pack.results)} result credits`,
    price: `€${pack.priceEur} one-time`,
    detail: 'Credits never expire and are used after your monthly results.',
  };
}

export function checkoutPage(token: string, product: CheckoutProduct): string {
  const info = productInfo(product);
  return page(
    'Test checkout (no real payment)',
    `<h1>Test checkout — no real payment</h1>
<p class="test" role="note">This server has no payment provider configured. Paying here changes your plan or credits in AdScout; no money moves.</p>
<p><strong>${escapeHtml(info.title)}</strong></p><p class="price">${escapeHtml(info.price)}</p><p class="muted">${escapeHtml(info.detail)}</p>
<div class="actions"><form method="post" action="${escapeHtml(SERVER_ROUTES.localCheckoutAction.url(token, 'pay'))}"><button type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(SERVER_ROUTES.localCheckoutAction.url(token, 'cancel'))}"><button type="submit" class="secondary">Cancel</button></form></div>`,
  );
}

export type PortalAction = 'cancel' | 'resume' | 'fail' | 'recover';

export const PORTAL_LABELS: { readonly [A in PortalAction]: string } = {
  cancel: 'Cancel at period end',
  resume: 'Resume subscription',
  fail: 'Simulate a failed payment',
  recover: 'Recover the payment',
};

const DONE_MESSAGES: { readonly [A in PortalAction]: string } = {
  cancel: 'Your subscription will end at the end of the current period.',
  resume: 'Your subscription will renew as usual.',
  fail: 'The last payment failed: the subscription is suspended until it is paid.',
  recover: 'The payment went through: the subscription is active again.',
};

/** A subscription as the portal shows it (`currentPeriodEnd`: PocketBase date text or ''). */
export interface PortalSubscription {
  plan: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
}

/**
 * The test portal. `done`: the action just applied, if any; `home`: the app's Settings URL.
 */
export function portalPage(
  token: string,
  subscription: PortalSubscription | null,
  done: string,
  home: string,
): string {
  const button = (name: PortalAction, css?: string) =>
    `<form method="post" action="${escapeHtml(SERVER_ROUTES.localPortalAction.url(token, name))}"><button type="submit"${css ? ` class="${css}"` : ''}>${escapeHtml(PORTAL_LABELS[name])}</button></form>`;
  let body = `<p class="test" role="note">Test customer portal — no real payment provider is involved.</p><h1>Your subscription</h1>`;
  if (Object.prototype.hasOwnProperty.call(DONE_MESSAGES, done)) {
    body += `<p class="notice" role="status">${escapeHtml(DONE_MESSAGES[done as PortalAction])}</p>`;
  }
  if (!subscription || !subscription.plan) {
    body += '<p>You have no subscription yet.</p>';
  } else {
    const name = planDisplayName({ plan: subscription.plan, status: subscription.status });
    body += `<p><strong>${escapeHtml(name)}</strong></p>`;
    const periodEnd = parsePbDate(subscription.currentPeriodEnd);
    if (subscription.currentPeriodEnd) {
      const when = periodEnd ? formatLongDate(periodEnd) : '';
      const verb = subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews';
      body += `<p class="muted">${verb} on ${escapeHtml(when)}</p>`;
    }
    const buttons: string[] = [];
    if (subscription.status === 'active') {
      buttons.push(subscription.cancelAtPeriodEnd ? button('resume') : button('cancel', 'secondary'));
      buttons.push(button('fail', 'danger'));
    } else if (subscription.status === 'suspended') {
      buttons.push(button('recover'));
    }
    if (buttons.length) body += `<div class="actions">${buttons.join('')}</div>`;
  }
  body += `<div class="actions"><a class="link secondary" href="${escapeHtml(home)}">Return to AdScout</a></div>`;
  return page('Test customer portal', body);
}
