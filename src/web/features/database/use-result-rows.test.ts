import { describe, expect, it } from 'vitest';
import { isBehind, watchFirstSync } from './use-result-rows.ts';

describe('isBehind', () => {
  it('is not behind while the engine starts, whatever caughtUp says yet', () => {
    expect(isBehind({ phase: 'starting', caughtUp: false })).toBe(false);
    expect(isBehind({ phase: 'starting', caughtUp: true })).toBe(false);
  });

  it('is behind while a pull, an offline spell or an error leaves the device not caught up', () => {
    for (const phase of ['pulling', 'offline', 'error', 'idle'] as const) {
      expect(isBehind({ phase, caughtUp: false })).toBe(true);
      expect(isBehind({ phase, caughtUp: true })).toBe(false);
    }
  });
});

describe('watchFirstSync', () => {
  /** The page's reads along a sequence of sync states, starting from the first one. */
  function readsAlong(states: { phase: 'starting' | 'pulling' | 'idle' | 'offline'; caughtUp: boolean }[]) {
    let sawBehind = isBehind(states[0]!);
    let reads = 0;
    for (const state of states) {
      const next = watchFirstSync(sawBehind, state);
      sawBehind = next.sawBehind;
      if (next.readAgain) reads++;
    }
    return reads;
  }

  it('reads again once a first sync the page saw has caught up', () => {
    expect(
      readsAlong([
        { phase: 'starting', caughtUp: false },
        { phase: 'pulling', caughtUp: false },
        { phase: 'idle', caughtUp: true },
      ]),
    ).toBe(1);
  });

  it('does not read again when the engine of a synced device starts (caughtUp turns true from its last sync time)', () => {
    expect(
      readsAlong([
        { phase: 'starting', caughtUp: false },
        { phase: 'starting', caughtUp: true },
        { phase: 'pulling', caughtUp: true },
        { phase: 'idle', caughtUp: true },
      ]),
    ).toBe(0);
  });

  it('reads again after an offline first sync comes back and catches up, once', () => {
    expect(
      readsAlong([
        { phase: 'offline', caughtUp: false },
        { phase: 'pulling', caughtUp: false },
        { phase: 'idle', caughtUp: true },
        { phase: 'pulling', caughtUp: true },
        { phase: 'idle', caughtUp: true },
      ]),
    ).toBe(1);
  });
});
