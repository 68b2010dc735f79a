import { describe, expect, it } from 'vitest';
import { idleWarmer } from './idle-warmer.ts';

function setup(busy: { value: boolean; checks?: number; onCheck?: () => void }) {
  const stop = new AbortController();
  const warmed: string[] = [];
  const logs: string[] = [];
  let notify: (() => void) | null = null;
  const warmer = idleWarmer({
    async warm(creative, fileName) {
      warmed.push(`${creative}/${fileName}`);
      if (fileName === 'bad.jpg') throw new Error('HTTP 500');
      notify?.();
    },
    busy: () => {
      busy.checks = (busy.checks ?? 0) + 1;
      busy.onCheck?.();
      return busy.value;
    },
    recheckMs: 60_000,
    log: (message) => logs.push(message),
    signal: stop.signal,
  });
  const warmedCount = (count: number) =>
    new Promise<void>((resolve) => {
      notify = () => warmed.length >= count && resolve();
      notify();
    });
  return { stop, warmed, logs, warmer, warmedCount };
}

describe('idleWarmer', () => {
  it('requests nothing while the worker is busy, then everything queued, oldest first, once idle', async () => {
    const busy: { value: boolean; checks?: number; onCheck?: () => void } = { value: true };
    const { stop, warmed, warmer, warmedCount } = setup(busy);
    const looked = new Promise<void>((resolve) => (busy.onCheck = resolve));
    warmer.add('c1', 'a.jpg');
    warmer.add('c2', 'b.jpg');
    // the warmer looked with work queued, found the worker busy, and requested nothing
    await looked;
    expect(warmed).toEqual([]);
    expect(warmer.pending).toBe(2);
    busy.value = false;
    warmer.poke();
    await warmedCount(2);
    expect(warmed).toEqual(['c1/a.jpg', 'c2/b.jpg']);
    expect(warmer.pending).toBe(0);
    stop.abort();
    await warmer.done;
  });

  it('goes on after a request that fails, and logs it', async () => {
    const { stop, warmed, logs, warmer, warmedCount } = setup({ value: false });
    warmer.add('c1', 'bad.jpg');
    warmer.add('c2', 'good.jpg');
    await warmedCount(2);
    expect(warmed).toEqual(['c1/bad.jpg', 'c2/good.jpg']);
    expect(logs.some((line) => line.includes('c1') && line.includes('HTTP 500'))).toBe(true);
    stop.abort();
    await warmer.done;
  });

  it('stops on the signal, leaving what is queued', async () => {
    const { stop, warmed, warmer } = setup({ value: true });
    warmer.add('c1', 'a.jpg');
    stop.abort();
    await warmer.done;
    expect(warmed).toEqual([]);
    expect(warmer.pending).toBe(1);
  });
});
