import { describe, expect, it } from 'vitest';
import { keepSession, signInWithRetries } from './sign-in.ts';

const refusal = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

/** Answers from a script; time moves only by the sleeps. */
function scripted(answers: Array<number | 'ok'>) {
  let clock = 0;
  const slept: number[] = [];
  let calls = 0;
  return {
    calls: () => calls,
    slept,
    options: {
      now: () => clock,
      sleep: async (ms: number) => {
        slept.push(ms);
        clock += ms;
      },
    },
    authenticate: async () => {
      calls += 1;
      const answer = answers.shift() ?? 'ok';
      if (answer !== 'ok') throw refusal(answer);
    },
  };
}

describe('signInWithRetries', () => {
  it('waits out the sign-in rate limit, however many refusals it takes within a minute', async () => {
    const s = scripted([...Array<number>(20).fill(429), 'ok']);
    await signInWithRetries(s.authenticate, s.options);
    expect(s.calls()).toBe(21);
    for (const ms of s.slept) expect(ms).toBeGreaterThanOrEqual(1000);
  });

  it('gives up on the rate limit after a minute', async () => {
    const s = scripted(Array<number>(100).fill(429));
    await expect(signInWithRetries(s.authenticate, s.options)).rejects.toThrow('HTTP 429');
    expect(s.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60_000);
  });

  it('retries a server that is starting, then gives up after ten attempts, saying why', async () => {
    const starting = scripted([0, 503, 'ok']);
    await signInWithRetries(starting.authenticate, starting.options);
    expect(starting.slept).toEqual([200, 400]);

    const wrong = scripted(Array<number>(20).fill(400));
    await expect(signInWithRetries(wrong.authenticate, wrong.options)).rejects.toThrow('HTTP 400');
    expect(wrong.calls()).toBe(10);
  });
});

describe('keepSession', () => {
  it('renews once as the end nears, however often it is asked meanwhile, and retries after a failure', async () => {
    let clock = 0;
    let end = 60 * 60_000; // an hour from now
    const renewals: Array<() => void> = [];
    const logged: string[] = [];
    let fail = true;
    const keeper = keepSession({
      expiresAt: () => end,
      now: () => clock,
      log: (line) => logged.push(line),
      renew: () =>
        new Promise<void>((resolve, reject) =>
          renewals.push(() => {
            if (fail) return reject(new Error('HTTP 429'));
            end = clock + 60 * 60_000;
            resolve();
          }),
        ),
    });
    try {
      await keeper.check();
      expect(renewals).toHaveLength(0); // 60 minutes left: nothing to do

      clock = 31 * 60_000; // 29 minutes left
      const first = keeper.check();
      void keeper.check();
      void keeper.check();
      expect(renewals).toHaveLength(1);
      renewals[0]!();
      await first;
      expect(logged).toEqual(['could not renew the session (trying again in a minute): HTTP 429']);

      fail = false;
      const second = keeper.check();
      expect(renewals).toHaveLength(2);
      renewals[1]!();
      await second;
      await keeper.check();
      expect(renewals).toHaveLength(2); // renewed: an hour left again
    } finally {
      keeper.stop();
    }
  });
});
