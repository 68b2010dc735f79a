import { describe, expect, it } from 'vitest';
import type { TextTask } from '../../domain/tags/text-contract.ts';
import { waitUntil } from '../../../tests/fixtures/wait-for.ts';
import { createWaker } from '../loop.ts';
import { textPool } from './text-pool.ts';

const leased = (id: string): TextTask => ({
  id,
  creative: `c-${id}`,
  image: `/api/files/creatives/c-${id}/a.jpg`,
  languages: ['en'],
  attempts: 1,
  lease_expires_at: new Date(Date.now() + 60_000).toISOString().replace('T', ' '),
});

describe('textPool', () => {
  it('claims only while the worker has no run or archive task in progress, and as soon as it has none', async () => {
    let busy = true;
    const loadChanged = createWaker();
    const queue = [leased('a')];
    const claims: number[] = [];
    const worked: string[] = [];
    const stop = new AbortController();
    const pool = textPool({
      server: {
        claim: async (limit) => {
          claims.push(limit);
          return queue.splice(0, limit);
        },
        release: async () => undefined,
      },
      work: async (task) => {
        worked.push(task.id);
        return 'read';
      },
      concurrency: 1,
      wake: createWaker(),
      busy: () => busy,
      loadChanged,
      // a poll far longer than the test: only the load's change may start the claim
      idlePollMs: 600_000,
      log: () => undefined,
      signal: stop.signal,
    });
    // the pool is waiting for the load to change: no claim was made while busy
    await new Promise((resolve) => setImmediate(resolve));
    expect(claims).toEqual([]);
    busy = false;
    loadChanged.fire();
    await waitUntil('the task read', () => worked.length === 1);
    expect(worked).toEqual(['a']);
    stop.abort();
    await pool;
  });
});
