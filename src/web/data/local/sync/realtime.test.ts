/**
 * realtime.ts against a stand-in of the SDK's realtime client: the archive saves a creative for
 * every file it stores, and those events must not turn into a pull each (the sync route's rate
 * limit would answer 429), while a run's progress still pulls at once.
 */
import { COLLECTIONS } from '../../../../domain/api/collections.ts';
import 'fake-indexeddb/auto';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalDb } from '../local-db.ts';
import { followRealtime } from './realtime.ts';

type Handler = (event: RecordSubscription) => void;

function fakeClient() {
  const handlers = new Map<string, Handler>();
  const pb = {
    collection: (name: string) => ({
      subscribe: (_topic: string, handler: Handler) => {
        handlers.set(name, handler);
        return Promise.resolve(() => Promise.resolve());
      },
    }),
    realtime: { subscribe: () => Promise.resolve(() => Promise.resolve()) },
  } as unknown as PocketBase;
  const send = (collection: string, record: Record<string, unknown>) =>
    handlers.get(collection)!({ action: 'update', record } as unknown as RecordSubscription);
  return { pb, send };
}

const creative = (id: string) => ({
  id,
  user: 'u1',
  file: `${id}.jpg`,
  poster: '',
  sha256: id.padEnd(64, '0'),
  phash: '0'.repeat(16),
  mime: 'image/jpeg',
  bytes: 1,
  width: 1,
  height: 1,
  created: '2026-11-26 10:00:00.000Z',
  updated: '2026-11-26 10:00:00.000Z',
});

afterEach(() => vi.useRealTimers());

describe('followRealtime', () => {
  it('gathers the archive’s creatives events into one pull per archiveBatchMs; a run’s progress pulls after batchMs', async () => {
    vi.useFakeTimers();
    const { pb, send } = fakeClient();
    const pulls: number[] = [];
    const follower = followRealtime({
      pb,
      db: openLocalDb('realtime-test-1'),
      userId: 'u1',
      batchMs: 100,
      archiveBatchMs: 2000,
      isStopped: () => false,
      onResults: () => undefined,
      pull: () => pulls.push(Date.now()),
      onReconnect: () => undefined,
    });
    await follower.ready;
    const start = Date.now();
    // a creative stored every 50 ms for 3 s
    for (let i = 0; i < 60; i++) {
      send(COLLECTIONS.creatives, creative(`c${i}`));
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(pulls.length).toBe(2);
    expect(pulls.every((at) => at - start >= 2000)).toBe(true);

    pulls.length = 0;
    send(COLLECTIONS.searchRuns, { id: 'r1', user: 'u1', status: 'working', progress: 25 });
    await vi.advanceTimersByTimeAsync(100);
    expect(pulls).toHaveLength(1);
    await follower.stop();
  });
});
