/** Where one sync engine stands, as the pages show it, and the listeners that follow it. */

export type SyncPhase = 'starting' | 'pulling' | 'idle' | 'offline' | 'error';

export interface SyncState {
  phase: SyncPhase;
  /** True once a full pull has finished in this session (or an earlier one on this device). */
  caughtUp: boolean;
  /** When the last pull finished (ms since epoch), null before the first one. */
  lastPulledAt: number | null;
  /** Rows received by the pull in progress (for a progress line on a first sync). */
  pulledRows: number;
  /** Writes made on this device that have not reached the server yet. */
  pendingWrites: number;
}

export interface SyncNotice {
  kind: 'error' | 'warning' | 'info';
  message: string;
}

export type FlushOutcome = 'done' | 'offline' | 'retry-later';

export interface Listeners<T> {
  add(listener: (value: T) => void): () => void;
  emit(value: T): void;
}

export function listeners<T>(): Listeners<T> {
  const set = new Set<(value: T) => void>();
  return {
    add(listener) {
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(value) {
      for (const listener of set) listener(value);
    },
  };
}

export interface SyncStatus extends Pick<Listeners<SyncState>, 'add'> {
  get(): SyncState;
  set(patch: Partial<SyncState>): void;
}

export function createSyncStatus(): SyncStatus {
  let state: SyncState = {
    phase: 'starting',
    caughtUp: false,
    lastPulledAt: null,
    pulledRows: 0,
    pendingWrites: 0,
  };
  const changes = listeners<SyncState>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      changes.emit(state);
    },
    add: changes.add,
  };
}
