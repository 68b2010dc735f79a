import type PocketBase from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimRequestSchema,
  finishRequestSchema,
  heartbeatRequestSchema,
  releaseRequestSchema,
  resultsRequestSchema,
  SERVER_ROUTES,
  type InputSchema,
  type ServerRouteId,
} from '../domain/index.ts';
import { ContractError, workerServer } from './api.ts';
import { LeaseLostError } from './job.ts';

/** The lease routes of the table, src/domain/api/routes.ts. */
const LEASE_ROUTES = [
  'workerClaim',
  'workerRunHeartbeat',
  'workerRunResults',
  'workerRunFinish',
  'workerRunRelease',
] as const satisfies readonly ServerRouteId[];
type LeaseRoute = (typeof LEASE_ROUTES)[number];

interface Sent {
  route: LeaseRoute;
  params: Record<string, string>;
  body: unknown;
}

/**
 * A PocketBase client double: finds the lease route of each request's path in the table (any
 * other path fails the test), records what is sent and answers from `answer(route)`.
 */
function server(answer: (route: LeaseRoute) => unknown) {
  const sent: Sent[] = [];
  const pb = {
    async send(path: string, options: { body?: unknown }) {
      const route = LEASE_ROUTES.find((id) => SERVER_ROUTES[id].match(path));
      if (!route) throw new Error(`no lease route at ${path}`);
      sent.push({ route, params: SERVER_ROUTES[route].match(path)!, body: options.body });
      const reply = answer(route);
      if (reply instanceof Error) throw reply;
      return reply;
    },
  } as unknown as PocketBase;
  return { pb, sent };
}

const run = {
  id: 'r1',
  user: 'u1',
  search_name: 'Pets',
  facebook_link: 'https://www.facebook.com/ads/library/?q=pets',
  target_country: 'US',
  keywords_used: 'dog toys',
  requested_count: 5,
  stored_count: 0,
  attempts: 1,
};

/** The answers the hooks give, in the contract's shape. */
function contractAnswer(route: LeaseRoute): unknown {
  if (route === 'workerClaim') return { run };
  if (route === 'workerRunHeartbeat') return { lease_expires_at: '2026-01-01 00:01:00.000Z', progress: 2 };
  if (route === 'workerRunResults') return { stored: 2, inserted: 2, rejected: 0, full: false };
  if (route === 'workerRunFinish') {
    return {
      id: 'r1',
      status: 'completed',
      results_count: 2,
      new_count: 2,
      charged_count: 2,
      finished_at: '2026-01-01 00:01:00.000Z',
      error: '',
    };
  }
  return null;
}

const REQUESTS: Record<LeaseRoute, InputSchema<unknown>> = {
  workerClaim: claimRequestSchema,
  workerRunHeartbeat: heartbeatRequestSchema,
  workerRunResults: resultsRequestSchema,
  workerRunFinish: finishRequestSchema,
  workerRunRelease: releaseRequestSchema,
};

describe('workerServer speaks the lease contract', () => {
  it("sends requests the hooks accept to the table's routes, and reads their answers", async () => {
    const { pb, sent } = server(contractAnswer);
    const api = workerServer(pb, 'worker-1');
    expect(await api.claim()).toEqual(run);
    expect(await api.heartbeat('r1', 2)).toBe(true);
    expect(await api.writeResults('r1', [{ ad_id: '1' }, { ad_id: '2' }])).toMatchObject({
      stored: 2,
      full: false,
    });
    await api.finish('r1', { status: 'failed', error: 'Source down' });
    await api.release('r1');
    expect(sent.map((s) => s.route)).toEqual(LEASE_ROUTES);
    for (const { route, params, body } of sent) {
      expect(params).toEqual(route === 'workerClaim' ? {} : { id: 'r1' });
      expect(REQUESTS[route].safeParse(body).success, route).toBe(true);
      expect(body).toMatchObject({ worker: 'worker-1' });
    }
  });

  it.each([
    ['a claimed run without a field', 'workerClaim', { run: { ...run, stored_count: undefined } }],
    ['a claimed run with a field the contract lacks', 'workerClaim', { run: { ...run, priority: 1 } }],
    ['a results answer in another shape', 'workerRunResults', { stored: 2, full: 'no' }],
    ['a finish answer without the counts', 'workerRunFinish', { id: 'r1', status: 'completed' }],
  ] as const)('fails on %s (the hooks drifted)', async (_label, drifted, reply) => {
    const { pb } = server((route) => (route === drifted ? reply : contractAnswer(route)));
    const api = workerServer(pb, 'w');
    const call =
      drifted === 'workerClaim'
        ? api.claim()
        : drifted === 'workerRunResults'
          ? api.writeResults('r1', [{ ad_id: '1' }])
          : api.finish('r1', { status: 'completed' });
    await expect(call).rejects.toThrow(ContractError);
  });

  it('a 409 on results or finish means the lease moved to another worker', async () => {
    const conflict = Object.assign(new Error('conflict'), { status: 409 });
    const { pb } = server((route) => (route === 'workerClaim' ? contractAnswer(route) : conflict));
    const api = workerServer(pb, 'w');
    await expect(api.writeResults('r1', [{ ad_id: '1' }])).rejects.toThrow(LeaseLostError);
    await expect(api.finish('r1', { status: 'completed' })).rejects.toThrow(LeaseLostError);
    expect(await api.heartbeat('r1', 0)).toBe(false);
  });
});

describe('retries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Time that passes only when the client sleeps between attempts. */
  function fakeTime() {
    vi.useFakeTimers({ toFake: ['Date'] });
    const started = Date.now();
    return {
      sleep: async (ms: number) => void vi.setSystemTime(Date.now() + ms),
      elapsed: () => Date.now() - started,
    };
  }

  const down = Object.assign(new Error('fetch failed'), { status: 0 });

  it('retries through a server that is down for 30 s, but a hand-back on the way out only for 5 s', async () => {
    const time = fakeTime();
    const { pb } = server(() => down);
    const api = workerServer(pb, 'w', time.sleep);
    await expect(api.release('r1')).rejects.toThrow('fetch failed');
    expect(time.elapsed()).toBeGreaterThanOrEqual(5_000);
    expect(time.elapsed()).toBeLessThan(7_000);

    const later = time.elapsed();
    await expect(api.heartbeat('r1', 0)).rejects.toThrow('fetch failed');
    expect(time.elapsed() - later).toBeGreaterThanOrEqual(30_000);
  });
});
