/**
 * onRecordUpdateRequest for reports: a user may change `read_at` alone (REPORT_USER_FIELDS);
 * any other field in the body is a 400 naming it, before anything is saved. The collection's
 * update rule lets an owner update their own reports, and no one else's; it cannot refuse the
 * other fields itself with a message (PocketBase checks a rule before any hook and answers a
 * failed one with a bare 404), so this hook is the field guard, tested by
 * tests/integration/reports-access.test.ts. Modifiers (`new_count+`) are other fields too.
 * Superusers (operators) may change anything.
 */
import { REPORT_USER_FIELDS } from '../../domain/reports/report-contract.ts';

export function handleReportUpdate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const body = (e.requestInfo().body || {}) as { [key: string]: unknown };
  for (const key of Object.keys(body)) {
    if (!(REPORT_USER_FIELDS as readonly string[]).includes(key))
      throw new BadRequestError(`A report's "${key}" cannot be changed: only read_at can.`);
  }
  return e.next();
}
