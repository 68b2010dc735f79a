import { describe, expect, it } from 'vitest';
import type { ClaimedRun } from './job.ts';
import { createWaker, workLoop, type LoopOptions } from './loop.ts';

const claimed = (id: string): ClaimedRun => ({
  id,
  user: `user-${id}`,
  search_name: 'Lamps',
  facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
  target_country: 'US',
  keywords_used: '',
  requested_count: 10,
  stored_count: 0,
  attempts: 1,
});

/** A server whose claims answer from `claim`, and that records the runs handed back. */
function serverClaiming(claim: () => Promise<ClaimedRun | null>, released: string[] = []) {
  return {
    claim,
    async release(runId: string) {
      released.push(runId);
    },
  };
}

/** A server whose claims answer from a script: a run, null (nothing to do) or an error. */
function scriptedServer(claims: Array<ClaimedRun | null | Error>) {
  return serverClaiming(async () => {
    const next = claims.shift();
    if (next instanceof Error) throw next;
    return next ?? null;
  });
}

function options(over: Partial<LoopOptions> & Pick<LoopOptions, 'server' | 'signal'>): LoopOptions {
  return {
    work: async () => undefined,
    wake: createWaker(),
    idlePollMs: 10,
    concurrency: 1,
    log: () => undefined,
    ...over,
  };
}

/** A job the test ends by hand. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A count the test can wait on: `reached(n)` resolves once it has been counted n times. */
function counter() {
  let count = 0;
  const waiting: Array<{ n: number; resolve: () => void }> = [];
  return {
    get count() {
      return count;
    },
    add() {
      count += 1;
      for (const waiter of waiting.filter((w) => w.n <= count)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    reached(n: number): Promise<void> {
      return n <= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve }));
    },
  };
}

/**
 * Resolves once every promise callback queued so far, and every one they queue, has run: the
 * loop, with no timer due (its polls are a minute), is then waiting for its next signal. How a
 * test proves that something did not happen.
 */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('workLoop', () => {
  it('backs off after a failed claim, keeps going after a run that fails, and stops when aborted', async () => {
    const stop = new AbortController();
    const logged: string[] = [];
    const worked: string[] = [];
    await workLoop(
      options({
        server: scriptedServer([new Error('PocketBase is restarting'), claimed('run1'), null]),
        signal: stop.signal,
        work: async (run) => {
          worked.push(run.id);
          throw new Error('the source broke');
        },
        log: (line) => {
          logged.push(line);
          // the queue is empty once the run was tried: end the loop during its idle wait
          if (line.startsWith('run run1 stopped')) setTimeout(() => stop.abort(), 0);
        },
      }),
    );
    expect(worked).toEqual(['run1']);
    expect(logged).toEqual([
      'claim failed (1): PocketBase is restarting',
      'claimed run run1 (10 ads, attempt 1, 0 stored; 1 of 1 slots busy)',
      'run run1 stopped: the source broke',
    ]);
  });

  it('wakes from its idle wait when a run is announced, even when the news came during the claim', async () => {
    const stop = new AbortController();
    const wake = createWaker();
    const claims = counter();
    const loop = workLoop(
      options({
        server: serverClaiming(async () => {
          claims.add();
          // the first claim finds nothing, but a run is created while it is on its way back
          if (claims.count === 1) wake.fire();
          if (claims.count === 3) stop.abort();
          return null;
        }),
        signal: stop.signal,
        wake,
        idlePollMs: 60_000,
      }),
    );
    await claims.reached(2); // claimed again at once, not after the minute's poll
    await settled();
    expect(claims.count).toBe(2); // and then waits
    wake.fire();
    await loop;
    expect(claims.count).toBe(3);
  });

  it('works up to `concurrency` runs at once and claims the next one as soon as a slot frees', async () => {
    const stop = new AbortController();
    const jobs = new Map<string, ReturnType<typeof deferred>>();
    const started = counter();
    let running = 0;
    let most = 0;
    const runs = ['a', 'b', 'c', 'd', 'e'].map(claimed);
    const claims = counter();
    const loop = workLoop(
      options({
        server: serverClaiming(async () => {
          claims.add();
          return runs.shift() ?? null;
        }),
        signal: stop.signal,
        concurrency: 3,
        idlePollMs: 60_000,
        work: async (run) => {
          running += 1;
          most = Math.max(most, running);
          const job = deferred();
          jobs.set(run.id, job);
          started.add();
          await job.promise;
          running -= 1;
        },
      }),
    );
    await started.reached(3);
    await settled();
    // three slots: three runs started; no fourth claim while every slot is busy
    expect([...jobs.keys()]).toEqual(['a', 'b', 'c']);
    expect(claims.count).toBe(3);
    jobs.get('b')!.resolve();
    await started.reached(4);
    await settled();
    expect([...jobs.keys()]).toEqual(['a', 'b', 'c', 'd']);
    expect(claims.count).toBe(4);
    jobs.get('a')!.resolve();
    await started.reached(5);
    expect([...jobs.keys()]).toEqual(['a', 'b', 'c', 'd', 'e']);
    jobs.get('c')!.resolve();
    // a free slot and an empty queue: one more claim, which finds nothing
    await claims.reached(6);
    await settled();
    expect(claims.count).toBe(6);
    expect(most).toBe(3);
    stop.abort();
    let ended = false;
    void loop.then(() => (ended = true));
    await settled();
    expect(ended).toBe(false); // still waiting for d and e
    jobs.get('d')!.resolve();
    jobs.get('e')!.resolve();
    await loop;
  });

  it('on stop, claims nothing more, waits for its jobs, and hands back a run claimed as the stop came', async () => {
    const stop = new AbortController();
    const released: string[] = [];
    const logged: string[] = [];
    const started: string[] = [];
    const jobsEnded: string[] = [];
    let claims = 0;
    const loop = workLoop(
      options({
        server: serverClaiming(async () => {
          claims += 1;
          if (claims === 1) return claimed('held');
          stop.abort(); // the stop arrives while the second claim is on its way
          return claimed('late');
        }, released),
        signal: stop.signal,
        concurrency: 4,
        log: (line) => logged.push(line),
        work: async (run) => {
          started.push(run.id);
          await new Promise<void>((resolve) =>
            stop.signal.addEventListener('abort', () => setTimeout(resolve, 20), { once: true }),
          );
          jobsEnded.push(run.id);
        },
      }),
    );
    await loop;
    expect(started).toEqual(['held']);
    expect(jobsEnded).toEqual(['held']);
    expect(released).toEqual(['late']);
    expect(claims).toBe(2);
    expect(logged).toContain('handed back run late, claimed as the worker was stopping');
  });
});

describe('createWaker', () => {
  it('counts firings and calls each listener until it stops listening', () => {
    const waker = createWaker();
    const heard: number[] = [];
    const unlisten = waker.listen(() => heard.push(waker.fired));
    waker.fire();
    waker.fire();
    unlisten();
    waker.fire();
    expect(heard).toEqual([1, 2]);
    expect(waker.fired).toBe(3);
  });
});
