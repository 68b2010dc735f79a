/**
 * Deleting an account (issue 19): POST /api/adscout/account/delete {oldPassword, confirm}. It
 * needs the current password and DELETE typed in; it ends the subscription first (in Stripe, or
 * locally), and when Stripe refuses or cannot be reached nothing is deleted. Then, in one
 * transaction: the ledger entries are detached from the user (kept for billing law), every record
 * the user owns is deleted (results, runs, watches, keyword sets, subscription, billing sessions,
 * audit logs), then the user, and one `account_deleted` entry stays, with a hash of the email
 * instead of the email.
 */
import { checkInput, deleteAccountSchema } from '../../domain/forms/forms.ts';
import { PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';
import { cancelBillingForDeletion, type CanceledBilling } from '../billing/index.ts';
import { audit, requireCurrentPassword, textOf } from './account.ts';

/**
 * Every collection of records a user owns, deleted in bulk. The SQL deletes publish no realtime
 * events: the user's own open app would otherwise react to its subscription's deletion (reload
 * its quota) with a session that is about to end. `watches` (issue 17) may not exist yet.
 */
const OWNED = [
  'search_results',
  'search_runs',
  'watches',
  'keyword_sets',
  'subscriptions',
  'billing_sessions',
  'audit_logs',
];

function collectionExists(txApp: CoreApp, name: string): boolean {
  try {
    txApp.findCollectionByNameOrId(name);
    return true;
  } catch {
    return false;
  }
}

export function deleteAccount(e: core.RequestEvent, userId: string, body: { [key: string]: unknown }) {
  const oldPassword = requireCurrentPassword(e, userId, body, 'account_delete_refused');
  const confirmed = checkInput(deleteAccountSchema, { oldPassword, confirm: textOf(body, 'confirm') });
  if (!confirmed.ok) throw new BadRequestError(confirmed.message);

  let billing: CanceledBilling;
  try {
    billing = cancelBillingForDeletion(userId);
  } catch (error) {
    console.log(`[adscout] account ${userId} not deleted: its subscription could not be canceled: ${error}`);
    throw new ApiError(502, PRODUCT_MESSAGES.accountDeleteBillingFailed, {});
  }

  $app.runInTransaction((txApp) => {
    const user = txApp.findRecordById('users', userId);
    const emailHash = $security.sha256(user.email().trim().toLowerCase());
    // kept for billing law, detached: no user, no run (the runs go)
    txApp
      .db()
      .newQuery("UPDATE usage_ledger SET user = '', run = '' WHERE user = {:user}")
      .bind({ user: userId })
      .execute();
    for (const name of OWNED) {
      if (!collectionExists(txApp, name)) continue;
      txApp.db().newQuery(`DELETE FROM ${name} WHERE user = {:user}`).bind({ user: userId }).execute();
    }
    // the user last: PocketBase ends their realtime connections' authorization with it
    txApp.delete(user);
    audit(txApp, '', 'account_deleted', {
      email_sha256: emailHash,
      billing_mode: billing.mode,
      stripe_customer_id: billing.stripeCustomerId,
      canceled_subscriptions: billing.canceledSubscriptions.join(','),
    });
  });
  console.log(`[adscout] account ${userId} deleted`);
  return { deleted: true };
}
