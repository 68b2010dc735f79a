import { afterEach, describe, expect, it } from 'vitest';
import { graphRegainAccessMs, graphUsagePercent } from './graph.ts';
import {
  backoffDelay,
  createHttpClient,
  DEFAULT_RETRY_POLICY,
  HttpError,
  parseRetryAfter,
  realSleep,
  redact,
} from './http.ts';
import {
  sendJson,
  startDouble,
  type LoopbackDouble,
  recordingSleep,
} from '../../../tests/fixtures/loopback-double.ts';

const SECRET = 'EAAB-super-secret-token-123';

let double: LoopbackDouble | null = null;
afterEach(async () => {
  await double?.close();
  double = null;
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('is full jitter under an exponential ceiling capped at maxDelayMs', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, policy, () => 0.999)).toBe(99);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(400);
    expect(backoffDelay(10, policy, () => 0.999)).toBe(999);
    expect(backoffDelay(2, policy, () => 0)).toBe(0);
  });
});

describe('redact', () => {
  it('masks token parameters, bearer credentials and literal secrets', () => {
    expect(redact(`https://x.test/a?access_token=${SECRET}&limit=5`)).toBe(
      'https://x.test/a?access_token=[redacted]&limit=5',
    );
    expect(redact(`GET /v2/acts?token=abc123&x=1`)).toBe('GET /v2/acts?token=[redacted]&x=1');
    expect(redact(`Authorization: Bearer ${SECRET}`)).toBe('Authorization: Bearer [redacted]');
    expect(redact(`echo ${SECRET} back`, [SECRET])).toBe('echo [redacted] back');
  });
});

describe('graph usage headers', () => {
  it('reads the time to regain access and the usage percentage', () => {
    const headers = new Headers({
      'x-app-usage': JSON.stringify({ call_count: 42, total_cputime: 12, total_time: 30 }),
      'x-business-use-case-usage': JSON.stringify({
        '123': [
          {
            type: 'ads_archive',
            call_count: 96,
            total_cputime: 5,
            total_time: 8,
            estimated_time_to_regain_access: 3,
          },
        ],
      }),
    });
    expect(graphRegainAccessMs(headers)).toBe(180_000);
    expect(graphUsagePercent(headers)).toBe(96);
    expect(graphRegainAccessMs(new Headers({ 'x-app-usage': 'not json' }))).toBeUndefined();
    expect(graphUsagePercent(new Headers())).toBe(0);
  });

  it('reads a business use case given as one record, and the ad account reset time', () => {
    const headers = new Headers({
      'x-business-use-case-usage': JSON.stringify({ '123': { type: 'ads_archive', call_count: '88' } }),
      'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 12, reset_time_duration: 90 }),
    });
    expect(graphUsagePercent(headers)).toBe(88);
    expect(graphRegainAccessMs(headers)).toBe(90_000);
  });
});

describe('createHttpClient', () => {
  it('retries 5xx with full-jitter backoff, then returns the JSON', async () => {
    let calls = 0;
    double = await startDouble((_req, res) => {
      calls += 1;
      if (calls <= 2) sendJson(res, calls === 1 ? 503 : 500, { error: 'busy' });
      else sendJson(res, 200, { ok: true });
    });
    const { delays, sleep } = recordingSleep();
    const http = createHttpClient({ sleep, random: () => 0.5, policy: { baseDelayMs: 200 } });
    const response = await http.request({ url: `${double.url}/x`, signal: new AbortController().signal });
    expect(response.json).toEqual({ ok: true });
    expect(delays).toEqual([100, 200]);
  });

  it('honours Retry-After on 429 and gives up after the bounded retries', async () => {
    double = await startDouble((_req, res) =>
      sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '3' }),
    );
    const { delays, sleep } = recordingSleep();
    const http = createHttpClient({ sleep, random: () => 0, policy: { retries: 2 } });
    const error = await http
      .request({ url: `${double.url}/x?token=${SECRET}`, signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, transient: true, rateLimited: true, retryAfterMs: 3000 });
    expect(delays).toEqual([3000, 3000]);
    expect(double.requests).toHaveLength(3);
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('fails at once when the server asks for a longer wait than allowed', async () => {
    double = await startDouble((_req, res) => sendJson(res, 503, {}, { 'retry-after': '3600' }));
    const { delays, sleep } = recordingSleep();
    const http = createHttpClient({ sleep, policy: { maxHintMs: 60_000 } });
    await expect(
      http.request({ url: double.url, signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      status: 503,
      retryAfterMs: 3_600_000,
    });
    expect(delays).toEqual([]);
  });

  it('does not retry other 4xx responses', async () => {
    double = await startDouble((_req, res) => sendJson(res, 404, { error: 'nope' }));
    const http = createHttpClient({ sleep: recordingSleep().sleep });
    await expect(
      http.request({ url: double.url, signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      status: 404,
      transient: false,
    });
    expect(double.requests).toHaveLength(1);
  });

  it('retries a timed-out request and a truncated body', async () => {
    let calls = 0;
    double = await startDouble((_req, res) => {
      calls += 1;
      if (calls === 1) return; // never answers: the client's timeout fires
      if (calls === 2) sendJson(res, 200, '{"data": [1, 2');
      else sendJson(res, 200, { data: [1, 2, 3] });
    });
    const { delays, sleep } = recordingSleep();
    const logs: string[] = [];
    const http = createHttpClient({
      sleep,
      random: () => 0,
      log: (m) => logs.push(m),
      policy: { timeoutMs: 500 },
    });
    const response = await http.request({
      url: double.url,
      signal: new AbortController().signal,
      label: 'probe',
    });
    expect(response.json).toEqual({ data: [1, 2, 3] });
    expect(delays).toHaveLength(2);
    expect(logs[0]).toMatch(/^probe: no response within .* s; retry 1\/4/);
    expect(logs[1]).toMatch(/^probe: unreadable JSON/);
  });

  it('retries network errors and reports them without secrets', async () => {
    const closed = await startDouble(() => {});
    const url = `${closed.url}/x?access_token=${SECRET}`;
    await closed.close();
    const { delays, sleep } = recordingSleep();
    const http = createHttpClient({ sleep, random: () => 0, policy: { retries: 1 } });
    const error = (await http
      .request({ url, signal: new AbortController().signal })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/network error/);
    expect(error.message).toContain('access_token=[redacted]');
    expect(error.message).not.toContain(SECRET);
    expect(delays).toHaveLength(1);
  });

  it("never retries the caller's abort", async () => {
    const controller = new AbortController();
    // the request reached the server, which never answers: the caller gives up then
    double = await startDouble(() => controller.abort(new Error('stop now')));
    const http = createHttpClient({ sleep: recordingSleep().sleep, policy: { timeoutMs: 10_000 } });
    await expect(http.request({ url: double.url, signal: controller.signal })).rejects.toThrow('stop now');
    expect(double.requests).toHaveLength(1);
  });

  it('lets a classifier decide, falling back to the default rules', async () => {
    let calls = 0;
    double = await startDouble((_req, res) => {
      calls += 1;
      sendJson(res, 200, { state: calls < 3 ? 'pending' : 'done' });
    });
    const { delays, sleep } = recordingSleep();
    const http = createHttpClient({ sleep, random: () => 0 });
    const response = await http.request({
      url: double.url,
      signal: new AbortController().signal,
      classify: (res) =>
        (res.json as { state: string }).state === 'pending'
          ? { kind: 'retry', reason: 'pending', delayMs: 50 }
          : undefined,
    });
    expect(response.json).toEqual({ state: 'done' });
    expect(delays).toEqual([50, 50]);
  });
});

describe('realSleep', () => {
  it('rejects with the abort reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = realSleep(60_000, controller.signal);
    setTimeout(() => controller.abort(new Error('aborted')), 10);
    await expect(pending).rejects.toThrow('aborted');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects at once when the signal has already aborted', async () => {
    await expect(realSleep(60_000, AbortSignal.abort(new Error('already stopped')))).rejects.toThrow(
      'already stopped',
    );
  });
});
