/**
 * Deleting an account (issues 19 and 27): SERVER_ROUTES.accountDelete {oldPassword, confirm}.
 * It needs the current password and DELETE typed in; it ends the billing first — open Checkout
 * Sessions expired and subscriptions canceled in Stripe, or nothing outside our records locally —
 * and when Stripe refuses or cannot be reached nothing is deleted. Then, in one transaction: the
 * ledger entries are detached from the user (kept for billing law), every record the user owns is
 * deleted (reports and their tasks, results, runs, watches, keyword sets, subscription, billing
 * sessions, audit logs, push subscriptions and the pushes queued for them, boards, their items and tombstones, briefs and the reservations of those being written, the archive's and the text reader's tasks
 * and creatives — these by record deletion, which removes their files), and
 * the mails kept for its addresses, then the user, and one `account_deleted` entry stays, with a
 * keyed hash of the email (config/audit-key.ts) instead of the email.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { checkInput, deleteAccountSchema } from '../../domain/forms/forms.ts';
import { PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';
import { cancelBillingForDeletion, type CanceledBilling } from '../billing/index.ts';
import { emailHmac } from '../config/index.ts';
import { deleteMailsTo } from '../mail/index.ts';
import { audit, requireCurrentPassword, textOf } from './account.ts';

/**
 * Every collection of records a user owns, deleted in bulk. The SQL deletes publish no realtime
 * events: the user's own open app would otherwise react to its subscription's deletion (reload
 * its quota) with a session that is about to end. `watches` (docs/watches.md) may not exist yet.
 */
const OWNED = [
  // a board's items before the boards, and both before the creatives their items name
  COLLECTIONS.boardItems,
  COLLECTIONS.boardItemDeletions,
  COLLECTIONS.boards,
  COLLECTIONS.reportMails,
  COLLECTIONS.reportSettings,
  COLLECTIONS.reportTasks,
  COLLECTIONS.reports,
  COLLECTIONS.watchSightings,
  COLLECTIONS.searchResults,
  COLLECTIONS.mediaTasks,
  COLLECTIONS.textTasks,
  COLLECTIONS.searchRuns,
  COLLECTIONS.watches,
  COLLECTIONS.keywordSets,
  COLLECTIONS.subscriptions,
  COLLECTIONS.billingSessions,
  COLLECTIONS.auditLogs,
  COLLECTIONS.pushMessages,
  COLLECTIONS.pushSubscriptions,
  COLLECTIONS.briefReservations,
  COLLECTIONS.briefs,
];

/** A page of creatives deleted at a time. */
const CREATIVES_PAGE = 200;

/**
 * The user's archived creatives, record by record: PocketBase's record deletion removes each
 * one's files (on disk or in the S3 bucket) once the transaction commits; a SQL delete would
 * leave them behind. Their rows and tasks are gone already, so nothing else names them.
 */
function deleteCreatives(txApp: CoreApp, userId: string): void {
  if (!collectionExists(txApp, COLLECTIONS.creatives)) return;
  for (;;) {
    const page = txApp.findRecordsByFilter(COLLECTIONS.creatives, 'user = {:user}', '', CREATIVES_PAGE, 0, {
      user: userId,
    });
    for (const creative of page) txApp.delete(creative!);
    if (page.length < CREATIVES_PAGE) return;
  }
}

function collectionExists(txApp: CoreApp, name: string): boolean {
  try {
    txApp.findCollectionByNameOrId(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The addresses mails to this account went to: its email, and those its audit entries name (an
 * earlier address, a new one waiting for its link) that no other account holds now.
 */
function addressesOf(txApp: CoreApp, user: core.Record): string[] {
  const addresses = [user.email().trim().toLowerCase()];
  const entries = txApp.findRecordsByFilter(COLLECTIONS.auditLogs, 'user = {:user}', '', 0, 0, {
    user: user.id,
  });
  for (const entry of entries) {
    let metadata: { [key: string]: unknown };
    try {
      metadata = JSON.parse(entry!.getString('metadata') || '{}') || {};
    } catch (_) {
      continue;
    }
    for (const key of ['old_email', 'new_email']) {
      const value = metadata[key];
      const address = typeof value === 'string' ? value.trim().toLowerCase() : '';
      if (!address || addresses.indexOf(address) >= 0) continue;
      const holders = txApp.findRecordsByFilter(
        COLLECTIONS.users,
        'id != {:id} && email:lower = {:email}',
        '',
        1,
        0,
        {
          id: user.id,
          email: address,
        },
      );
      if (holders.length === 0) addresses.push(address);
    }
  }
  return addresses;
}

export function deleteAccount(e: core.RequestEvent, userId: string, body: { [key: string]: unknown }) {
  const oldPassword = requireCurrentPassword(e, userId, body, 'account_delete_refused');
  const confirmed = checkInput(deleteAccountSchema, { oldPassword, confirm: textOf(body, 'confirm') });
  if (!confirmed.ok) throw new BadRequestError(confirmed.message);

  let billing: CanceledBilling;
  try {
    billing = cancelBillingForDeletion(userId);
  } catch (error) {
    console.log(
      `[adscout] account ${userId} not deleted: its billing could not be ended at Stripe: ${error}`,
    );
    throw new ApiError(502, PRODUCT_MESSAGES.accountDeleteBillingFailed, {});
  }

  $app.runInTransaction((txApp) => {
    const user = txApp.findRecordById(COLLECTIONS.users, userId);
    const emailHash = emailHmac(user.email());
    deleteMailsTo(txApp, addressesOf(txApp, user));
    // kept for billing law, detached: no user, no run (the runs go)
    txApp
      .db()
      .newQuery(`UPDATE ${COLLECTIONS.usageLedger} SET user = '', run = '' WHERE user = {:user}`)
      .bind({ user: userId })
      .execute();
    for (const name of OWNED) {
      if (!collectionExists(txApp, name)) continue;
      txApp.db().newQuery(`DELETE FROM ${name} WHERE user = {:user}`).bind({ user: userId }).execute();
    }
    deleteCreatives(txApp, userId);
    // the user last: PocketBase ends their realtime connections' authorization with it
    txApp.delete(user);
    audit(txApp, '', 'account_deleted', {
      email_hmac: emailHash,
      billing_mode: billing.mode,
      stripe_customer_id: billing.stripeCustomerId,
      expired_checkout_sessions: billing.expiredCheckoutSessions.join(','),
      canceled_subscriptions: billing.canceledSubscriptions.join(','),
    });
  });
  console.log(`[adscout] account ${userId} deleted`);
  return { deleted: true };
}
