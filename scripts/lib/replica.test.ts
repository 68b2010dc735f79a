import { describe, expect, it } from 'vitest';
import { positionTracker } from './replica.mjs';

const sync = (db: number, replica: number) => ({
  msg: 'replica sync',
  level: 'DEBUG',
  txid: { db: db.toString(16).padStart(16, '0'), replica: replica.toString(16).padStart(16, '0') },
});

describe('positionTracker', () => {
  it('dates the oldest transaction Litestream saw and has not uploaded, from its sync lines', () => {
    let now = 1_000;
    const tracker = positionTracker(() => now);
    tracker.line(sync(1, 1));
    expect(tracker.pendingSince()).toBeNull();
    now = 2_000;
    tracker.line(sync(2, 1));
    now = 3_000;
    tracker.line(sync(3, 1));
    expect(tracker.pendingSince()).toBe(2_000);
    now = 4_000;
    tracker.line({
      msg: 'ltx file uploaded',
      level: 0,
      minTXID: '0000000000000002',
      maxTXID: '0000000000000002',
    });
    expect(tracker.pendingSince()).toBe(3_000);
    tracker.line(sync(3, 3));
    expect(tracker.pendingSince()).toBeNull();
    expect(tracker.positions()).toMatchObject({
      replicaTxid: 3,
      dbTxid: 3,
      lastLineAt: 4_000,
      lastDbChangeAt: 3_000,
    });
  });

  it('ignores lines that are not positions', () => {
    const tracker = positionTracker(() => 5);
    tracker.line({ msg: 'initialized db', level: 'INFO' });
    expect(tracker.positions().lastLineAt).toBe(0);
  });
});
