/**
 * The signed-in user's report mail settings (docs/reports.md#reports-by-email): one
 * `report_settings` record a user, which the server may create (with the first watch) and alone
 * schedules (`next_digest_at`). Read from the server and followed over realtime, as the
 * subscription is (subscription.ts); the last answer is kept in the local database so the Settings
 * card shows it offline (offline-memory.ts): hence local/, not server/.
 */
import { ClientResponseError } from 'pocketbase';
import { COLLECTIONS, reportSettingsSchema, type ReportSettings } from '../../../domain/index.ts';
import { pb } from '../server/client.ts';
import { followCollection } from '../server/realtime.ts';
import { currentSession } from '../server/session.ts';
import { createUserStore, type UserStoreScope } from '../server/user-store.ts';
import { lastKnown, rememberForOffline } from './offline-memory.ts';

export type ReportSettingsState =
  | { status: 'loading' }
  | { status: 'ready'; settings: ReportSettings | null }
  /** The server could not be reached: the settings it reported last to this browser, if any. */
  | { status: 'error'; settings: ReportSettings | null };

/** What the Settings card saves; the server checks every field again (a 400 names the field). */
export type ReportSettingsChanges = Pick<ReportSettings, 'email' | 'send_hour' | 'time_zone'>;

function parse(record: unknown): ReportSettings {
  const parsed = reportSettingsSchema.safeParse(record);
  if (!parsed.success) {
    console.error('[report-settings] unexpected record shape', parsed.error);
    throw new Error('unexpected report_settings record');
  }
  return parsed.data;
}

function publish(scope: UserStoreScope<ReportSettingsState>, settings: ReportSettings | null): void {
  scope.set({ status: 'ready', settings });
  rememberForOffline(scope.userId, 'reportSettings', { settings, at: Date.now() });
}

/** Realtime events and saves published so far: a load answered after one of them is no newer. */
let changesSeen = 0;

async function fetchOwn(userId: string): Promise<ReportSettings | null> {
  const page = await pb.collection(COLLECTIONS.reportSettings).getList(1, 1, {
    filter: pb.filter('user = {:user}', { user: userId }),
    skipTotal: true,
  });
  return page.items[0] ? parse(page.items[0]) : null;
}

async function load(scope: UserStoreScope<ReportSettingsState>): Promise<void> {
  const changesBefore = changesSeen;
  try {
    const settings = await fetchOwn(scope.userId);
    if (changesSeen !== changesBefore) return;
    publish(scope, settings);
  } catch (error) {
    console.warn('[report-settings] load failed', error);
    const known = scope.get();
    const remembered =
      known.status === 'loading' ? await lastKnown(scope.userId, 'reportSettings') : undefined;
    if (!scope.isCurrent()) return;
    scope.set({
      status: 'error',
      settings: known.status === 'loading' ? (remembered?.settings ?? null) : known.settings,
    });
  }
}

const store = createUserStore<ReportSettingsState>({
  initial: (userId) => (userId ? { status: 'loading' } : { status: 'ready', settings: null }),
  start(scope) {
    // The server creates the record with the first watch and rewrites next_digest_at after each
    // digest: both arrive as events. Load again once the watch is registered (no event is sent
    // for a change made before it).
    const watch = followCollection(
      pb,
      COLLECTIONS.reportSettings,
      (event) => {
        if (event.record.user !== scope.userId) return;
        changesSeen += 1;
        try {
          publish(scope, event.action === 'delete' ? null : parse(event.record));
        } catch {
          void load(scope);
        }
      },
      () => void load(scope),
    );
    void load(scope);
    void watch.ready.then(() => {
      if (scope.isCurrent()) void load(scope);
    });
    void lastKnown(scope.userId, 'reportSettings').then((remembered) => {
      if (remembered && scope.isCurrent() && scope.get().status === 'loading')
        scope.set({ status: 'ready', settings: remembered.settings });
    });
    return () => watch.stop();
  },
});

export const useReportSettings = store.use;

/** True when a create failed because the user has a record already (the unique `user`). */
function alreadyExists(error: unknown): boolean {
  return (
    error instanceof ClientResponseError &&
    error.status === 400 &&
    typeof (error.response?.data as Record<string, unknown> | undefined)?.user === 'object'
  );
}

/**
 * Saves the card: creates the user's record when they have none, updates it otherwise. A record
 * the server made meanwhile (the first watch's default) is updated rather than refused. Resolves
 * the record the server answered, which the card shows at once.
 */
export async function saveReportSettings(changes: ReportSettingsChanges): Promise<ReportSettings> {
  const session = currentSession();
  if (!session) throw new Error('not signed in');
  const collection = pb.collection(COLLECTIONS.reportSettings);
  const known = store.get();
  let existing = known.status === 'loading' ? null : known.settings;
  let saved: ReportSettings;
  if (existing?.user === session.userId) {
    saved = parse(await collection.update(existing.id, changes));
  } else {
    try {
      saved = parse(await collection.create({ user: session.userId, ...changes }));
    } catch (error) {
      if (!alreadyExists(error)) throw error;
      existing = await fetchOwn(session.userId);
      if (!existing) throw error;
      saved = parse(await collection.update(existing.id, changes));
    }
  }
  const scope = store.scope();
  if (scope?.userId === session.userId) {
    changesSeen += 1;
    publish(scope, saved);
  }
  return saved;
}
