/**
 * The user's `report_settings` record on the server (docs/reports.md#reports-by-email): read, and
 * saved by create-or-update. Takes the client, so that tests/integration/report-settings.test.ts
 * runs it against a real server; data/local/report-settings.ts keeps it in the local store.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { COLLECTIONS, reportSettingsSchema, type ReportSettings } from '../../../domain/index.ts';

/** What the Settings card saves; the server checks every field again (a 400 names the field). */
export type ReportSettingsChanges = Pick<ReportSettings, 'email' | 'send_hour' | 'time_zone'>;

export function parseReportSettings(record: unknown): ReportSettings {
  const parsed = reportSettingsSchema.safeParse(record);
  if (!parsed.success) {
    console.error('[report-settings] unexpected record shape', parsed.error);
    throw new Error('unexpected report_settings record');
  }
  return parsed.data;
}

/** `userId`'s record, or null when they have none yet. */
export async function fetchReportSettings(
  client: PocketBase,
  userId: string,
): Promise<ReportSettings | null> {
  const page = await client.collection(COLLECTIONS.reportSettings).getList(1, 1, {
    filter: client.filter('user = {:user}', { user: userId }),
    skipTotal: true,
  });
  return page.items[0] ? parseReportSettings(page.items[0]) : null;
}

/** True when a create failed because the user has a record already (the unique `user`). */
function alreadyExists(error: unknown): boolean {
  return (
    error instanceof ClientResponseError &&
    error.status === 400 &&
    typeof (error.response?.data as Record<string, unknown> | undefined)?.user === 'object'
  );
}

/**
 * Saves `changes`: updates `known` (the record this browser last saw) when there is one, creates
 * the user's record otherwise. A record the server made meanwhile (the first watch's default) is
 * updated rather than refused. Resolves the record the server answered.
 */
export async function writeReportSettings(
  client: PocketBase,
  userId: string,
  known: ReportSettings | null,
  changes: ReportSettingsChanges,
): Promise<ReportSettings> {
  const collection = client.collection(COLLECTIONS.reportSettings);
  if (known?.user === userId) return parseReportSettings(await collection.update(known.id, changes));
  try {
    return parseReportSettings(await collection.create({ user: userId, ...changes }));
  } catch (error) {
    if (!alreadyExists(error)) throw error;
    const existing = await fetchReportSettings(client, userId);
    if (!existing) throw error;
    return parseReportSettings(await collection.update(existing.id, changes));
  }
}
