import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { describeExit, lastErrorLine, restartDelay, supervise, type SupervisorClock } from './supervise.mjs';

describe('restartDelay', () => {
  it('starts at 1 s, doubles up to 30 s, and goes back to 1 s after a minute of health', () => {
    const delays: number[] = [];
    let delay = 0;
    for (let i = 0; i < 8; i++) delays.push((delay = restartDelay(delay, 500)));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(restartDelay(30_000, 59_999)).toBe(30_000);
    expect(restartDelay(30_000, 60_000)).toBe(1000);
  });
});

/** A clock whose time moves only when the test says, running timers that fall due. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let ids = 0;
  const clock: SupervisorClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(++ids, { at: now + ms, fn });
      return ids;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  return {
    clock,
    pending: () => [...timers.values()].map((t) => t.at - now),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.fn();
        }
      }
    },
  };
}

/** Processes that exit when the test says, or when stopped. */
function fakeProcesses() {
  const started: Array<{ child: EventEmitter; stopped: boolean; reason: () => string }> = [];
  return {
    started,
    start() {
      const child = new EventEmitter();
      const proc = {
        child,
        stopped: false,
        reason: () => 'worker-1 failed: the source broke',
        stop: async () => {
          proc.stopped = true;
          child.emit('exit', 0, null);
        },
      };
      started.push(proc);
      return proc;
    },
    crash(signal: NodeJS.Signals | null = 'SIGKILL', code: number | null = null) {
      started.at(-1)!.child.emit('exit', code, signal);
    },
  };
}

describe('supervise', () => {
  it('restarts a process that dies, logging why, with a delay that grows and then resets', () => {
    const time = manualClock();
    const procs = fakeProcesses();
    const logged: string[] = [];
    const supervisor = supervise({
      name: 'scout worker worker-1',
      start: () => procs.start(),
      log: (line) => logged.push(line),
      clock: time.clock,
    });
    expect(procs.started).toHaveLength(1);

    procs.crash('SIGKILL');
    expect(logged.at(-1)).toBe(
      'scout worker worker-1 exited unexpectedly (killed by SIGKILL: worker-1 failed: the source broke) after 0 s; restarting it in 1 s',
    );
    time.advance(999);
    expect(procs.started).toHaveLength(1);
    time.advance(1);
    expect(procs.started).toHaveLength(2);

    // dies again at once: twice the wait; then again after 2.5 s of running: twice again
    procs.crash(null, 1);
    expect(time.pending()).toEqual([2000]);
    expect(logged.at(-1)).toMatch(/\(exit code 1: .*\) after 0 s; restarting it in 2 s$/);
    time.advance(2000);
    time.advance(2500);
    procs.crash();
    expect(time.pending()).toEqual([4000]);
    expect(logged.at(-1)).toMatch(/after 2\.5 s; restarting it in 4 s$/);
    time.advance(4000);

    // a minute of health: the next restart waits 1 s again
    time.advance(60_000);
    procs.crash();
    expect(time.pending()).toEqual([1000]);
    time.advance(1000);
    expect(procs.started).toHaveLength(5);
    expect(supervisor.restarts()).toBe(4);
    expect(supervisor.current()).toBe(procs.started[4]);
  });

  it('stop() stops the process without restarting it, and cancels a restart that was due', async () => {
    const time = manualClock();
    const procs = fakeProcesses();
    const logged: string[] = [];
    const running = supervise({
      name: 'w',
      start: () => procs.start(),
      log: (l) => logged.push(l),
      clock: time.clock,
    });
    await running.stop();
    expect(procs.started[0]!.stopped).toBe(true);
    expect(time.pending()).toEqual([]);
    expect(logged).toEqual([]);

    const waiting = supervise({
      name: 'w',
      start: () => procs.start(),
      log: () => undefined,
      clock: time.clock,
    });
    procs.crash();
    expect(time.pending()).toEqual([1000]);
    await waiting.stop();
    expect(time.pending()).toEqual([]);
    time.advance(5000);
    expect(procs.started).toHaveLength(2);
  });
});

describe('describeExit', () => {
  it('names the signal, or the exit code', () => {
    expect(describeExit(null, 'SIGKILL')).toBe('killed by SIGKILL');
    expect(describeExit(1, null)).toBe('exit code 1');
  });
});

describe('lastErrorLine', () => {
  it("keeps the worker's failure line or an uncaught error's first line, across chunks", () => {
    const last = lastErrorLine();
    expect(last.get()).toBe('');
    last.write('[worker w] claimed run r1\n[worker w] fai');
    last.write('led: Failed to authenticate.\n');
    expect(last.get()).toBe('[worker w] failed: Failed to authenticate.');
    last.write(
      'file:///app/src/worker/job.ts:12\n  throw new TypeError("x is undefined");\n  ^\n\nTypeError: x is undefined\n    at runJob (file:///app/src/worker/job.ts:12:9)\n\nNode.js v20.20.0\n',
    );
    expect(last.get()).toBe('TypeError: x is undefined');
  });
});
