import { describe, expect, it } from 'vitest';
import type { MediaTask } from '../../domain/media/media-contract.ts';
import { createWaker } from '../loop.ts';
import { archivePool, LEASE_MARGIN_MS, workTimeMs, type ArchivePoolOptions } from './archive-pool.ts';
import type { TaskOutcome } from './archive-task.ts';
import { fakeMediaServer } from '../../../tests/fixtures/fake-media-server.ts';
import { mediaServer } from './media-api.ts';

/** A promise with its resolver, to wait for a signal from inside the pool. */
function signalled<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

function pool(
  fake: ReturnType<typeof fakeMediaServer>,
  work: ArchivePoolOptions['work'],
  options: Partial<ArchivePoolOptions> = {},
) {
  const stop = new AbortController();
  const logs: string[] = [];
  const wake = createWaker();
  const done = archivePool({
    server: mediaServer(fake.pb, 'w1'),
    work,
    concurrency: 3,
    wake,
    idlePollMs: 60_000,
    log: (message) => logs.push(message),
    signal: stop.signal,
    ...options,
  });
  return { stop, logs, wake, done };
}

describe('archivePool', () => {
  it('works at most MEDIA_CONCURRENCY tasks at once, claiming only as many as slots are free', async () => {
    const fake = fakeMediaServer();
    for (let i = 0; i < 20; i++) fake.add(`t${i}`, `https://cdn.test/${i}.jpg`);
    let inFlight = 0;
    let most = 0;
    const worked: string[] = [];
    const all = signalled();
    const { stop, done } = pool(
      fake,
      async (task) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight -= 1;
        worked.push(task.id);
        if (worked.length === 20) all.resolve();
        return 'archived';
      },
      { idlePollMs: 5 },
    );
    await all.promise;
    stop.abort();
    await done;
    expect(most).toBe(3);
    expect(new Set(worked).size).toBe(20);
    expect(fake.claims.every((limit) => limit >= 1 && limit <= 3)).toBe(true);
    expect(fake.claims[0]).toBe(3);
  });

  it('hands the tasks in flight back at once when the worker stops', async () => {
    const fake = fakeMediaServer();
    fake.add('a', 'https://cdn.test/a.jpg');
    fake.add('b', 'https://cdn.test/b.jpg');
    const started: string[] = [];
    const both = signalled();
    const { stop, done, logs } = pool(fake, async (task, signal): Promise<TaskOutcome> => {
      started.push(task.id);
      if (started.length === 2) both.resolve();
      await untilAborted(signal);
      return 'stopped';
    });
    await both.promise;
    expect(fake.releases).toEqual([]);
    stop.abort(new Error('SIGTERM'));
    await done;
    expect(fake.releases.sort()).toEqual(['a', 'b']);
    expect(logs).toContain('handed back media task a');
  });

  it('stops working on a task shortly before its lease ends, and hands nothing back then', async () => {
    const fake = fakeMediaServer({ leaseMs: LEASE_MARGIN_MS + 100 });
    fake.add('a', 'https://cdn.test/a.jpg');
    const ended = signalled<string[]>();
    const stop = new AbortController();
    const started = pool(
      fake,
      async (_task, signal): Promise<TaskOutcome> => {
        await untilAborted(signal);
        return 'stopped';
      },
      {
        log: (message) => {
          if (/its lease ran out/.test(message)) {
            ended.resolve([...fake.releases]);
            stop.abort();
          }
        },
        signal: stop.signal,
      },
    );
    expect(await ended.promise).toEqual([]);
    await started.done;
  });

  it('leaves a task the last five seconds of its lease, or the last third of a shorter one', () => {
    expect(workTimeMs(180_000)).toBe(175_000);
    expect(workTimeMs(15_000)).toBe(10_000);
    // MEDIA_LEASE_SECONDS=5: two thirds of it to work, not nothing (every claim would end unworked)
    expect(workTimeMs(5_000)).toBe(3_333);
    expect(Number.isInteger(workTimeMs(1_234.5))).toBe(true);
    expect(workTimeMs(0)).toBe(0);
    expect(workTimeMs(-10)).toBe(0);
  });

  it('works a task whose lease is shorter than the margin', async () => {
    const fake = fakeMediaServer({ leaseMs: 3_000 });
    fake.add('a', 'https://cdn.test/a.jpg');
    const seen = signalled<boolean>();
    const { stop, done } = pool(fake, async (_task, signal): Promise<TaskOutcome> => {
      await new Promise((r) => setTimeout(r, 20));
      seen.resolve(signal.aborted);
      return 'archived';
    });
    expect(await seen.promise).toBe(false);
    stop.abort();
    await done;
  });

  it('wakes at once when told there is new work, rather than at the next poll', async () => {
    const fake = fakeMediaServer();
    const claimed = signalled<MediaTask>();
    const { stop, wake, done } = pool(fake, async (task) => {
      claimed.resolve(task);
      return 'archived';
    });
    // The pool looks, finds nothing and waits for a minute; the waker ends the wait.
    while (fake.claims.length === 0) await new Promise((r) => setImmediate(r));
    fake.add('late', 'https://cdn.test/late.jpg');
    wake.fire();
    expect((await claimed.promise).id).toBe('late');
    stop.abort();
    await done;
  });

  it('goes on after a task that throws', async () => {
    const fake = fakeMediaServer();
    fake.add('bad', 'https://cdn.test/bad.jpg');
    fake.add('good', 'https://cdn.test/good.jpg');
    const good = signalled();
    const { stop, done, logs } = pool(
      fake,
      async (task) => {
        if (task.id === 'bad') throw new Error('the server is gone');
        good.resolve();
        return 'archived';
      },
      { concurrency: 1, idlePollMs: 5 },
    );
    await good.promise;
    stop.abort();
    await done;
    expect(logs).toContain('media task bad stopped: the server is gone');
  });

  it('goes on after a task that throws before it returns a promise, or whose lease cannot be read', async () => {
    const fake = fakeMediaServer();
    fake.add('sync', 'https://cdn.test/sync.jpg');
    fake.add('good', 'https://cdn.test/good.jpg');
    const good = signalled();
    const { stop, done, logs } = pool(
      fake,
      (task) => {
        if (task.id === 'sync') throw new Error('thrown at once');
        good.resolve();
        return Promise.resolve('archived');
      },
      { concurrency: 1, idlePollMs: 5, now: () => (fake.claims.length > 1 ? Date.now() : Number.NaN) },
    );
    await good.promise;
    stop.abort();
    await expect(done).resolves.toBeUndefined();
    expect(logs.some((line) => line.startsWith('media task sync'))).toBe(true);
  });

  it('hands back at once, unstarted, the tasks a server gives beyond the free slots', async () => {
    const fake = fakeMediaServer();
    for (const id of ['a', 'b', 'c', 'd', 'e']) fake.add(id, `https://cdn.test/${id}.jpg`);
    const api = mediaServer(fake.pb, 'w1');
    const started: string[] = [];
    const stop = new AbortController();
    const done = archivePool({
      // a server that breaks the limit: every pending task for any claim
      server: { claim: () => api.claim(32), release: (id) => api.release(id) },
      work: async (task, signal) => {
        started.push(task.id);
        await untilAborted(signal);
        return 'stopped';
      },
      concurrency: 2,
      wake: createWaker(),
      idlePollMs: 60_000,
      log: () => undefined,
      signal: stop.signal,
    });
    while (fake.releases.length < 3) await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b']);
    expect(fake.releases).toEqual(['c', 'd', 'e']);
    stop.abort();
    await done;
  });
});
