/**
 * Quota periods (docs/product.md#constants-and-limits, docs/billing.md#quota): monthly periods anchored on
 * the subscription start, in UTC. Every boundary is computed from the anchor — never by adding a month to the
 * previous boundary — with month-end clamping: an anchor on Jan 31 gives Feb 28 (29), Mar 31, Apr 30, …
 * Yearly plans use the same monthly periods. The billing periods local mode renews (the
 * subscription sweep, src/hooks/billing/subscription-sweep.ts) are counted from the same anchor the
 * same way, in steps of the plan's months.
 */

export interface QuotaPeriod {
  start: Date;
  end: Date;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The boundary `n` months after the anchor (n may be negative), clamped to the month's end. */
export function periodBoundary(anchor: Date, n: number): Date {
  const totalMonths = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + n;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The period that contains `now`: start ≤ now < end. Before the anchor, the first period. */
export function currentPeriod(anchor: Date, now: Date): QuotaPeriod {
  if (now.getTime() < anchor.getTime()) return { start: anchor, end: periodBoundary(anchor, 1) };
  // Estimate the month offset, then step to the exact period (clamping can shift it by one).
  let n = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (n > 0 && periodBoundary(anchor, n).getTime() > now.getTime()) n -= 1;
  while (periodBoundary(anchor, n + 1).getTime() <= now.getTime()) n += 1;
  return { start: periodBoundary(anchor, n), end: periodBoundary(anchor, n + 1) };
}

/** The end of the billing period that contains `now`, for periods of `months` from `anchor`. */
export function renewedPeriodEnd(anchor: Date, months: number, now: Date): Date {
  let k = 1;
  // estimate, then step: clamping to month ends can move a boundary by a few days
  const elapsed =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (elapsed > months) k = Math.floor(elapsed / months);
  while (k > 1 && periodBoundary(anchor, (k - 1) * months).getTime() > now.getTime()) k -= 1;
  while (periodBoundary(anchor, k * months).getTime() <= now.getTime()) k += 1;
  return periodBoundary(anchor, k * months);
}
