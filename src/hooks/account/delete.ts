/**
 * Deleting an account (issue 19): POST /api/adscout/account/delete {oldPassword, confirm}. It
 * needs the current password and DELETE typed in; it ends the subscription first (in Stripe, or
 * locally), and when Stripe refuses or cannot be reached nothing is deleted. Then, in one
 * transaction: the ledger entries are detached from the user (kept for billing law), the user's
 * results are deleted in bulk, the user is deleted with every record they own (subscription, runs,
 * keyword sets, watches, billing sessions, audit logs: cascading relations), and one
 * `account_deleted` entry stays, with a hash of the email instead of the email.
 */
import { PRODUCT_MESSAGES } from '../../domain/messages.ts';
import { cancelBillingForDeletion, type CanceledBilling } from '../billing/index.ts';
import { audit, requireCurrentPassword, textOf } from './account.ts';

/** Collections whose rows go with the user by a bulk delete first (the cascade does the rest). */
const BULK_OWNED = ['search_results'];
/** Owned collections that may not exist yet (watches: issue 17); deleted when they do. */
const OPTIONAL_OWNED = ['watches'];

function collectionExists(txApp: CoreApp, name: string): boolean {
  try {
    txApp.findCollectionByNameOrId(name);
    return true;
  } catch {
    return false;
  }
}

export function deleteAccount(e: core.RequestEvent, userId: string, body: { [key: string]: unknown }) {
  requireCurrentPassword(e, userId, body, 'account_delete_refused');
  if (textOf(body, 'confirm') !== 'DELETE') throw new BadRequestError(PRODUCT_MESSAGES.deleteConfirmRequired);

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
    for (const name of BULK_OWNED) {
      txApp.db().newQuery(`DELETE FROM ${name} WHERE user = {:user}`).bind({ user: userId }).execute();
    }
    for (const name of OPTIONAL_OWNED) {
      if (!collectionExists(txApp, name)) continue;
      for (const record of txApp.findAllRecords(name, $dbx.hashExp({ user: userId }))) txApp.delete(record!);
    }
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
