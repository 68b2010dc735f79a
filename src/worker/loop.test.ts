import { describe, expect, it } from 'vitest';
import type { WorkerServer } from './api.ts';
import type { ClaimedRun } from './job.ts';
import { createWaker, workLoop } from './loop.ts';

const claimed: ClaimedRun = {
  id: 'run1',
  user: 'u1',
  search_name: 'Lamps',
  facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
  target_country: 'US',
  keywords_used: '',
  requested_count: 10,
  stored_count: 0,
  attempts: 1,
};

/** A server whose claims answer from a script: a run, null (nothing to do) or an error. */
function scriptedServer(claims: Array<ClaimedRun | null | Error>): WorkerServer {
  return {
    async claim() {
      const next = claims.shift();
      if (next instanceof Error) throw next;
      return next ?? null;
    },
    heartbeat: async () => true,
    writeResults: async () => ({ stored: 0, inserted: 0, rejected: 0, full: false }),
    finish: async () => undefined,
    release: async () => undefined,
  };
}

describe('workLoop', () => {
  it('backs off after a failed claim, keeps going after a run that fails, and stops when aborted', async () => {
    const stop = new AbortController();
    const logged: string[] = [];
    const worked: string[] = [];
    await workLoop({
      server: scriptedServer([new Error('PocketBase is restarting'), claimed, null]),
      work: async (run) => {
        worked.push(run.id);
        throw new Error('the source broke');
      },
      nextWake: () => new Promise(() => undefined),
      idlePollMs: 10,
      signal: stop.signal,
      log: (line) => {
        logged.push(line);
        // the queue is empty once the run was tried: end the loop during its idle wait
        if (line.startsWith('run run1 stopped')) setTimeout(() => stop.abort(), 0);
      },
    });
    expect(worked).toEqual(['run1']);
    expect(logged).toEqual([
      'claim failed (1): PocketBase is restarting',
      'claimed run run1 (10 ads, attempt 1, 0 stored)',
      'run run1 stopped: the source broke',
    ]);
  });

  it('wakes from its idle wait when a run is announced', async () => {
    const stop = new AbortController();
    const waker = createWaker();
    let claims = 0;
    const loop = workLoop({
      server: {
        ...scriptedServer([]),
        claim: async () => {
          claims += 1;
          if (claims === 2) stop.abort();
          return null;
        },
      },
      work: async () => undefined,
      nextWake: () => waker.next(),
      idlePollMs: 60_000,
      signal: stop.signal,
      log: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 20));
    waker.fire();
    await loop;
    expect(claims).toBe(2);
  });
});
