import { describe, expect, it, vi } from 'vitest';
import {
  LeaseLostError,
  runJob,
  type ClaimedRun,
  type JobDeps,
  type NormalizeOutcome,
  type WorkerApi,
} from './job.ts';
import type { AdSource, SourcePage, SourceQuery } from './sources/types.ts';

const run: ClaimedRun = {
  id: 'run1',
  user: 'u1',
  search_name: 'Pets',
  facebook_link: 'https://www.facebook.com/ads/library/?q=pets',
  target_country: 'US',
  keywords_used: '',
  requested_count: 5,
  stored_count: 0,
  attempts: 1,
};

const query = { limit: 5 } as SourceQuery;

/** A source over fixed pages that, like the real ones, resumes from its cursor (a page index). */
function sourceOf(pages: unknown[][], fail?: Error): AdSource {
  return {
    name: 'demo',
    async *pages(_query, { cursor }): AsyncIterable<SourcePage> {
      for (let index = cursor ? Number(cursor) : 0; index < pages.length; index++) {
        yield { items: pages[index]!, cursor: String(index + 1) };
      }
      if (fail) throw fail;
    },
  };
}

/** A server double that stores rows by ad_id and caps them at the requested count. */
function apiDouble(options: { leaseLostAfter?: number; writesBeforeLeaseLost?: number } = {}) {
  const stored = new Map<string, Record<string, unknown>>();
  const calls: string[] = [];
  let beats = 0;
  let finished: { status: string; error?: string } | null = null;
  const api: WorkerApi = {
    async heartbeat() {
      beats += 1;
      calls.push('heartbeat');
      return options.leaseLostAfter === undefined || beats <= options.leaseLostAfter;
    },
    async writeResults(_id, rows) {
      calls.push(`write ${rows.length}`);
      if (
        options.writesBeforeLeaseLost !== undefined &&
        calls.filter((c) => c.startsWith('write')).length > options.writesBeforeLeaseLost
      ) {
        throw new LeaseLostError('taken over');
      }
      for (const row of rows) {
        if (stored.size >= run.requested_count) break;
        stored.set(String(row.ad_id), row);
      }
      return { stored: stored.size, full: stored.size >= run.requested_count };
    },
    async finish(_id, outcome) {
      calls.push(`finish ${outcome.status}`);
      finished = outcome;
    },
  };
  return { api, stored, calls, finished: () => finished };
}

const normalize = (raw: unknown): NormalizeOutcome => {
  const id = (raw as { id?: string }).id;
  return id ? { ok: true, ad: { ad_id: id } } : { ok: false, reason: 'no ad id' };
};

function deps(api: WorkerApi, source: AdSource, overrides: Partial<JobDeps> = {}): JobDeps {
  return {
    api,
    source,
    buildQueries: () => [query],
    normalize,
    heartbeatMs: 60_000,
    log: () => undefined,
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe('runJob', () => {
  it('writes normalized rows in batches, without duplicates, and settles as completed', async () => {
    const server = apiDouble();
    const source = sourceOf([
      [{ id: 'a' }, { id: 'b' }, {}],
      [{ id: 'b' }, { id: 'c' }],
    ]);
    expect(await runJob(run, deps(server.api, source))).toBe('completed');
    expect([...server.stored.keys()]).toEqual(['a', 'b', 'c']);
    expect(server.calls).toEqual(['write 3', 'finish completed']);
  });

  it('writes as soon as the buffer could fill the run, and then stops asking the source', async () => {
    const server = apiDouble();
    let pagesRead = 0;
    const pages = [
      ['1', '2', '3'].map((id) => ({ id })),
      ['4', '5', '6'].map((id) => ({ id })),
      ['7', '8'].map((id) => ({ id })),
    ];
    const source = sourceOf(pages);
    const counting: AdSource = {
      name: 'demo',
      async *pages(q, o) {
        for await (const page of source.pages(q, o)) {
          pagesRead += 1;
          yield page;
        }
      },
    };
    expect(await runJob(run, deps(server.api, counting))).toBe('completed');
    expect(server.stored.size).toBe(5);
    expect(server.calls.filter((c) => c.startsWith('write'))).toEqual(['write 6']);
    expect(pagesRead).toBe(2);
  });

  it('drops the same ad twice before a write', async () => {
    const server = apiDouble();
    await runJob(run, deps(server.api, sourceOf([[{ id: 'a' }, { id: 'a' }]])));
    expect(server.calls[0]).toBe('write 1');
  });

  it("fails the run with the source's user message, keeping what was stored", async () => {
    const server = apiDouble();
    const error = Object.assign(new Error('HTTP 400 code 190'), {
      userMessage: 'The Meta access token is invalid or expired',
    });
    const outcome = await runJob(run, deps(server.api, sourceOf([[{ id: 'a' }]], error)));
    expect(outcome).toBe('failed');
    expect(server.finished()).toEqual({
      status: 'failed',
      error: 'The Meta access token is invalid or expired',
    });
    expect(server.stored.size).toBe(1);
  });

  it('fails with a generic reason when an error carries no user message', async () => {
    const server = apiDouble();
    await runJob(run, deps(server.api, sourceOf([], new TypeError('boom'))));
    expect(server.finished()?.status).toBe('failed');
    expect(server.finished()?.error).toMatch(/failed while scouting/);
  });

  it('fails at once when the link cannot be used', async () => {
    const server = apiDouble();
    const bad = Object.assign(new Error('not an ad library link'), {
      userMessage: 'Please paste an Ad Library link',
    });
    const outcome = await runJob(
      run,
      deps(server.api, sourceOf([[{ id: 'a' }]]), {
        buildQueries: () => {
          throw bad;
        },
      }),
    );
    expect(outcome).toBe('failed');
    expect(server.finished()).toEqual({ status: 'failed', error: 'Please paste an Ad Library link' });
    expect(server.stored.size).toBe(0);
  });

  it('leaves the run alone when its lease was taken over', async () => {
    const server = apiDouble({ writesBeforeLeaseLost: 0 });
    const pages = [[{ id: 'a' }], [{ id: 'b' }], [{ id: 'c' }]];
    expect(await runJob(run, deps(server.api, sourceOf(pages)))).toBe('abandoned');
    expect(server.finished()).toBeNull();
    expect(server.stored.size).toBe(0);
  });

  it('stops when a heartbeat says the lease is gone', async () => {
    const server = apiDouble({ leaseLostAfter: 0 });
    let release: () => void = () => undefined;
    const source: AdSource = {
      name: 'demo',
      async *pages() {
        yield { items: [{ id: 'a' }], cursor: '1' };
        await new Promise<void>((resolve) => (release = resolve)); // a slow source
        yield { items: [{ id: 'b' }], cursor: '2' };
      },
    };
    const job = runJob(run, deps(server.api, source, { heartbeatMs: 5 }));
    // the source goes on only once the heartbeat said the lease is gone
    await expect.poll(() => server.calls, { interval: 5 }).toContain('heartbeat');
    release();
    expect(await job).toBe('abandoned');
    expect(server.finished()).toBeNull();
  });

  it('settles a resumed run that was already full without asking the source', async () => {
    const server = apiDouble();
    let asked = false;
    const source: AdSource = {
      name: 'demo',
      // eslint-disable-next-line require-yield
      async *pages() {
        asked = true;
      },
    };
    expect(await runJob({ ...run, stored_count: 5 }, deps(server.api, source))).toBe('completed');
    expect(asked).toBe(false);
  });

  it('abandons without settling when the worker shuts down', async () => {
    const server = apiDouble();
    const shutdown = new AbortController();
    const source: AdSource = {
      name: 'demo',
      async *pages() {
        yield { items: [{ id: 'a' }], cursor: null };
        shutdown.abort(new Error('SIGTERM'));
        yield { items: [{ id: 'b' }], cursor: null };
      },
    };
    expect(await runJob(run, deps(server.api, source, { signal: shutdown.signal }))).toBe('abandoned');
    expect(server.finished()).toBeNull();
  });

  it('abandons at once, writing nothing, when the worker was already stopping as the run began', async () => {
    const server = apiDouble();
    const shutdown = new AbortController();
    shutdown.abort(new Error('SIGTERM'));
    const source = sourceOf([[{ id: 'a' }, { id: 'b' }]]);
    expect(await runJob(run, deps(server.api, source, { signal: shutdown.signal }))).toBe('abandoned');
    expect(server.calls).toEqual([]);
  });

  it('shares the run between keywords, then lets the ones with more ads fill the gap', async () => {
    const catalogue: Record<string, string[]> = {
      rare: ['r1', 'r2', 'r3'],
      common: Array.from({ length: 20 }, (_, i) => `c${i}`),
    };
    const asked: string[] = [];
    const source: AdSource = {
      name: 'demo',
      async *pages(q, { cursor }) {
        const all = catalogue[q.searchTerms] ?? [];
        let offset = cursor ? Number(cursor) : 0;
        asked.push(`${q.searchTerms}@${offset}+${q.limit}`);
        const end = Math.min(all.length, offset + q.limit);
        while (offset < end) {
          const items = all.slice(offset, Math.min(end, offset + 2)).map((id) => ({ id }));
          offset += items.length;
          yield { items, cursor: String(offset) };
        }
      },
    };
    const server = apiDouble();
    const eight = { ...run, requested_count: 8 };
    const capped: WorkerApi = {
      ...server.api,
      async writeResults(id, rows) {
        for (const row of rows) if (server.stored.size < 8) server.stored.set(String(row.ad_id), row);
        return { stored: server.stored.size, full: server.stored.size >= 8 };
      },
    };
    const queries = ['rare', 'common'].map((searchTerms) => ({ ...query, searchTerms }));
    expect(await runJob(eight, deps(capped, source, { buildQueries: () => queries }))).toBe('completed');
    expect(asked).toEqual(['rare@0+4', 'common@0+4', 'common@4+1']);
    expect([...server.stored.keys()].sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'r1', 'r2', 'r3']);
  });

  it('a resumed run re-reads its source from the start and still fills up', async () => {
    const server = apiDouble();
    server.stored.set('a', { ad_id: 'a' });
    server.stored.set('b', { ad_id: 'b' });
    const pages = [[{ id: 'a' }, { id: 'b' }, { id: 'c' }], [{ id: 'd' }, { id: 'e' }], [{ id: 'f' }]];
    expect(await runJob({ ...run, stored_count: 2 }, deps(server.api, sourceOf(pages)))).toBe('completed');
    expect([...server.stored.keys()]).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps scouting through a heartbeat that fails for a moment', async () => {
    const server = apiDouble();
    const logged: string[] = [];
    let beats = 0;
    const flaky: WorkerApi = {
      ...server.api,
      async heartbeat() {
        beats += 1;
        throw new Error('socket hang up');
      },
    };
    const source: AdSource = {
      name: 'demo',
      async *pages() {
        yield { items: [{ id: 'a' }], cursor: '1' };
        // a few heartbeats fail meanwhile
        await vi.waitFor(() => expect(beats).toBeGreaterThanOrEqual(2), { interval: 5, timeout: 5_000 });
        yield { items: [{ id: 'b' }], cursor: '2' };
      },
    };
    const outcome = await runJob(
      run,
      deps(flaky, source, { heartbeatMs: 5, log: (line) => logged.push(line) }),
    );
    expect(outcome).toBe('completed');
    expect(beats).toBeGreaterThan(0);
    expect(logged).toContain('heartbeat for run1 failed: socket hang up');
  });

  it('leaves the run to the new holder when the lease is lost at the very end', async () => {
    const server = apiDouble();
    const late: WorkerApi = {
      ...server.api,
      async finish() {
        throw new LeaseLostError('taken over');
      },
    };
    expect(await runJob(run, deps(late, sourceOf([[{ id: 'a' }]])))).toBe('abandoned');
  });

  it('gives up on a run the server will not settle, for the loop to log', async () => {
    const server = apiDouble();
    const refusing: WorkerApi = {
      ...server.api,
      async finish() {
        throw Object.assign(new Error('HTTP 500'), { status: 500 });
      },
    };
    await expect(runJob(run, deps(refusing, sourceOf([[{ id: 'a' }]])))).rejects.toThrow('HTTP 500');
  });

  it('after a source failure, tries to store what it had, and settles the run failed', async () => {
    const failing = sourceOf([[{ id: 'a' }]], new Error('source down'));
    const broken = apiDouble();
    const logged: string[] = [];
    const unstorable: WorkerApi = {
      ...broken.api,
      async writeResults() {
        throw new Error('HTTP 400');
      },
    };
    const outcome = await runJob(run, deps(unstorable, failing, { log: (line) => logged.push(line) }));
    expect(outcome).toBe('failed');
    expect(logged).toContain('run run1: could not store the last rows: Error: HTTP 400');
    expect(broken.finished()).toMatchObject({ status: 'failed' });

    const taken = apiDouble();
    const lostOnWrite: WorkerApi = {
      ...taken.api,
      async writeResults() {
        throw new LeaseLostError('taken over');
      },
    };
    expect(await runJob(run, deps(lostOnWrite, failing))).toBe('abandoned');
    expect(taken.finished()).toBeNull();
  });

  it("sends the Library's total, summed over the keyword queries, with the writes", async () => {
    const totals: Record<string, number> = { rare: 40, common: 900 };
    const source: AdSource = {
      name: 'demo',
      async *pages(q) {
        const prefix = q.searchTerms.slice(0, 1);
        yield {
          items: [{ id: `${prefix}1` }, { id: `${prefix}2` }],
          cursor: null,
          libraryTotal: totals[q.searchTerms]!,
        };
      },
    };
    const server = apiDouble();
    const sent: (number | undefined)[] = [];
    const recording: WorkerApi = {
      ...server.api,
      async writeResults(id, rows, libraryTotal) {
        sent.push(libraryTotal);
        return server.api.writeResults(id, rows, libraryTotal);
      },
    };
    const queries = ['rare', 'common'].map((searchTerms) => ({ ...query, searchTerms }));
    expect(await runJob(run, deps(recording, source, { buildQueries: () => queries }))).toBe('completed');
    expect(sent.at(-1)).toBe(940);
    expect(sent).toContain(40); // the first query's, before the second one answered
  });

  it('sends no Library total when the source does not say', async () => {
    const server = apiDouble();
    const sent: (number | undefined)[] = [];
    const recording: WorkerApi = {
      ...server.api,
      async writeResults(id, rows, libraryTotal) {
        sent.push(libraryTotal);
        return server.api.writeResults(id, rows, libraryTotal);
      },
    };
    expect(await runJob(run, deps(recording, sourceOf([[{ id: 'a' }, { id: 'b' }]])))).toBe('completed');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((total) => total === undefined)).toBe(true);
  });
});
