/**
 * The sync engine's public entry (what local-binder.ts, local-data.ts and the integration tests
 * use). The engine and its rules live in ./sync/: engine.ts (lifecycle), pull.ts, realtime.ts,
 * outbox.ts, and merge.ts (the pure merge rules).
 */
export {
  createSyncEngine,
  type FlushOutcome,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncNotice,
  type SyncPhase,
  type SyncState,
} from './sync/engine.ts';
