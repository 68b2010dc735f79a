/**
 * The signed-in user's report mail settings (docs/reports.md#reports-by-email): one
 * `report_settings` record a user, which the server may create (with the first watch) and alone
 * schedules (`next_digest_at`). Read from the server and followed over realtime, as the
 * subscription is (subscription.ts); the last answer is kept in the local database so the Settings
 * card shows it offline (offline-memory.ts): hence local/, not server/.
 */
import { COLLECTIONS, type ReportSettings } from '../../../domain/index.ts';
import { pb } from '../server/client.ts';
import {
  fetchReportSettings,
  parseReportSettings as parse,
  writeReportSettings,
  type ReportSettingsChanges,
} from '../server/report-settings-api.ts';
import { followCollection } from '../server/realtime.ts';
import { currentSession } from '../server/session.ts';
import { createUserStore, type UserStoreScope } from '../server/user-store.ts';
import { lastKnown, rememberForOffline } from './offline-memory.ts';

export type ReportSettingsState =
  | { status: 'loading' }
  | { status: 'ready'; settings: ReportSettings | null }
  /** The server could not be reached: the settings it reported last to this browser, if any. */
  | { status: 'error'; settings: ReportSettings | null };

export type { ReportSettingsChanges };

function publish(scope: UserStoreScope<ReportSettingsState>, settings: ReportSettings | null): void {
  scope.set({ status: 'ready', settings });
  rememberForOffline(scope.userId, 'reportSettings', { settings, at: Date.now() });
}

/** Realtime events and saves published so far: a load answered after one of them is no newer. */
let changesSeen = 0;

const fetchOwn = (userId: string) => fetchReportSettings(pb, userId);

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

/**
 * Saves the card (server/report-settings-api.ts: create, or update the record the server may have
 * made meanwhile). Resolves the record the server answered, which the card shows at once.
 */
export async function saveReportSettings(changes: ReportSettingsChanges): Promise<ReportSettings> {
  const session = currentSession();
  if (!session) throw new Error('not signed in');
  const known = store.get();
  const saved = await writeReportSettings(
    pb,
    session.userId,
    known.status === 'loading' ? null : known.settings,
    changes,
  );
  const scope = store.scope();
  if (scope?.userId === session.userId) {
    changesSeen += 1;
    publish(scope, saved);
  }
  return saved;
}
