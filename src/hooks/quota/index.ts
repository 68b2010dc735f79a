/**
 * The quota area (pb_hooks/quota.pb.js): ledger balances, reservations, credit grants and the
 * settlement of runs. Runs and billing write the ledger only through here.
 */
import { quotaFor } from './ledger.ts';

export {
  grantCredits,
  packVersion,
  quotaFor,
  quotaPeriodOf,
  reserve,
  setPackReversed,
  subscriptionOf,
} from './ledger.ts';
export { periodBoundary, renewedPeriodEnd } from './periods.ts';
export { settleRun, settledView } from './settlement.ts';

/**
 * SERVER_ROUTES.quota: the quota shape of docs/product.md#entities-and-fields for the signed-in user, from
 * ledger sums.
 */
export function handleQuota(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, quotaFor($app, e.auth!.id, new Date()).quota);
}
