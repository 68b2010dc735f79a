import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat, type HeartbeatOptions } from './heartbeat.ts';

const INTERVAL = 5_000;

/** A heartbeat over scripted answers, on vitest's fake clock. */
function heartbeatOf(send: HeartbeatOptions['send']) {
  const logged: string[] = [];
  let losses = 0;
  const heartbeat = startHeartbeat({
    runId: 'run1',
    intervalMs: INTERVAL,
    send,
    onLost: () => (losses += 1),
    log: (line) => logged.push(line),
  });
  return { heartbeat, logged, losses: () => losses };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startHeartbeat', () => {
  it('beats every interval until it is stopped', async () => {
    let beats = 0;
    const { heartbeat } = heartbeatOf(async () => {
      beats += 1;
      return true;
    });
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(beats).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL + 1);
    expect(beats).toBe(3);
    heartbeat.stop();
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(beats).toBe(3);
    expect(heartbeat.lost).toBe(false);
  });

  it('logs a beat that fails and goes on: a failure is not a lost lease', async () => {
    const { heartbeat, logged, losses } = heartbeatOf(async () => {
      throw new Error('socket hang up');
    });
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(logged).toEqual([
      'heartbeat for run1 failed: socket hang up',
      'heartbeat for run1 failed: socket hang up',
    ]);
    expect([heartbeat.lost, losses()]).toEqual([false, 0]);
    heartbeat.stop();
  });

  it('says once that the lease is gone, at the first beat the server refuses', async () => {
    const answers = [true, false, false, true];
    const { heartbeat, losses } = heartbeatOf(async () => answers.shift() ?? false);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect([heartbeat.lost, losses()]).toEqual([false, 0]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect([heartbeat.lost, losses()]).toEqual([true, 1]);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect([heartbeat.lost, losses()]).toEqual([true, 1]);
    heartbeat.stop();
  });

  it('sends no beat while the last one is unanswered, and beats again once it is', async () => {
    let beats = 0;
    const pending: Array<(ours: boolean) => void> = [];
    const { heartbeat } = heartbeatOf(() => {
      beats += 1;
      return new Promise<boolean>((resolve) => pending.push(resolve));
    });
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(beats).toBe(1);
    pending.shift()!(true);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(beats).toBe(2);
    heartbeat.stop();
    pending.shift()!(true);
  });

  it('a beat that failed does not hold back the next one', async () => {
    let beats = 0;
    const { heartbeat } = heartbeatOf(async () => {
      beats += 1;
      throw new Error('socket hang up');
    });
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    expect(beats).toBe(3);
    heartbeat.stop();
  });
});
