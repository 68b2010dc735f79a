/**
 * "Download my data" (docs/accounts.md#download-my-data): GET /api/adscout/account/export is one JSON file
 * with the account, subscription, runs, keyword sets, ledger and audit log, and every result as an object
 * with the Database's columns — read page by page across the 1,000-row pages of the stream, each
 * once, in order. Only the caller's own data, and only for a signed-in user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from '../../src/domain/results/result-columns.ts';
import { createRunWithResults, pausedWatch, subscriber } from '../fixtures/records.ts';
import { browserKeys } from '../fixtures/push-service.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

interface Export {
  format: string;
  account: { id: string; email: string; password?: unknown; tokenKey?: unknown };
  subscription: { plan: string; status: string } | null;
  runs: { id: string; search_name: string }[];
  keyword_sets: { locale: string; keywords: string[] }[];
  usage_ledger: { kind: string; amount: number }[];
  audit_logs: { action: string }[];
  results: Record<string, unknown>[];
  watches: { name: string; cadence: string; active: boolean }[];
  reports: { watch: string; watch_name: string; new_count: number }[];
  push_subscriptions: Record<string, unknown>[];
  report_settings: Record<string, unknown>[];
  briefs: Record<string, unknown>[];
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
});
afterAll(async () => {
  await server?.stop();
});

async function download(user: TestUser): Promise<{ response: Response; body: Export }> {
  const response = await fetch(`${server.url}${SERVER_ROUTES.accountExport.path}`, {
    headers: { Authorization: user.pb.authStore.token },
  });
  const text = await response.text();
  return { response, body: JSON.parse(text) as Export };
}

describe('download my data', () => {
  it('holds the account, subscription, runs, keyword sets, watches, reports, ledger, audit log and every result with the Database columns', async () => {
    const user = await subscriber(server.superuser, server, 'exporter');
    const other = await subscriber(server.superuser, server, 'other');
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      ad_id: `ad-${String(i).padStart(5, '0')}`,
      store_name: `Store ${i}`,
      reach: i,
      start_date: '2025-03-04 00:00:00.000Z',
      winning_score: 50.5,
    }));
    const first = await createRunWithResults(
      server.superuser,
      user.id,
      { search_name: 'Lamps' },
      rows.slice(0, 1_500),
    );
    const second = await createRunWithResults(
      server.superuser,
      user.id,
      { search_name: 'Mugs' },
      rows.slice(1_500),
    );
    await createRunWithResults(server.superuser, other.id, { search_name: 'Not mine' }, [
      { ad_id: 'theirs' },
    ]);
    await user.pb
      .collection(COLLECTIONS.keywordSets)
      .create({ user: user.id, locale: 'de-DE', keywords: ['lampe'] });
    const watch = await user.pb
      .collection(COLLECTIONS.watches)
      .create(pausedWatch(user.id, 'Lamps every week'));
    const theirWatch = await other.pb
      .collection(COLLECTIONS.watches)
      .create(pausedWatch(other.id, 'Not my watch'));
    // a watch run's report each (docs/reports.md), as the server stores them
    await server.superuser.collection(COLLECTIONS.reports).create({
      user: user.id,
      run: first.run.id,
      watch: watch.id,
      watch_name: 'Lamps every week',
      new_count: 3,
    });
    const theirRun = await createRunWithResults(server.superuser, other.id, { search_name: 'Theirs' }, []);
    await server.superuser.collection(COLLECTIONS.reports).create({
      user: other.id,
      run: theirRun.run.id,
      watch: theirWatch.id,
      watch_name: 'Not my watch',
    });
    await server.superuser
      .collection(COLLECTIONS.usageLedger)
      .create({ user: user.id, run: first.run.id, kind: 'plan_use', amount: 1500 });
    await server.superuser
      .collection(COLLECTIONS.auditLogs)
      .create({ user: user.id, action: 'password_updated', metadata: {} });
    const endpoint = 'https://push.example.com/send/exporter';
    await user.pb
      .collection(COLLECTIONS.pushSubscriptions)
      .create({ user: user.id, endpoint, ...browserKeys() });
    await other.pb
      .collection(COLLECTIONS.pushSubscriptions)
      .create({ user: other.id, endpoint: 'https://push.example.com/send/other', ...browserKeys() });

    // a brief each (docs/ai.md#briefs), as the server stores them
    await server.superuser
      .collection(COLLECTIONS.briefs)
      .create({ user: user.id, ad_id: 'ad-00001', language: 'en', text: 'Angle: mine', model: 'm' });
    await server.superuser
      .collection(COLLECTIONS.briefs)
      .create({ user: other.id, ad_id: 'theirs', text: 'Angle: theirs' });

    const { response, body } = await download(user);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="adscout-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(body.format).toBe('adscout-data-export/1');
    expect(body.account).toMatchObject({ id: user.id, email: user.email });
    expect(body.account).not.toHaveProperty('password');
    expect(body.account).not.toHaveProperty('tokenKey');
    expect(body.subscription).toMatchObject({ plan: 'monthly', status: 'active' });
    expect(body.runs.map((run) => run.search_name).sort()).toEqual(['Lamps', 'Mugs']);
    expect(body.keyword_sets).toEqual([expect.objectContaining({ locale: 'de-DE', keywords: ['lampe'] })]);
    expect(body.watches).toEqual([
      expect.objectContaining({ name: 'Lamps every week', cadence: 'weekly', active: false }),
    ]);
    expect(body.usage_ledger).toEqual([expect.objectContaining({ kind: 'plan_use', amount: 1500 })]);
    expect(body.audit_logs).toEqual([expect.objectContaining({ action: 'password_updated' })]);
    expect(body.reports).toEqual([
      expect.objectContaining({ watch: watch.id, watch_name: 'Lamps every week', new_count: 3 }),
    ]);
    // the report mail settings its first watch made (docs/reports.md#email), not the other user's
    expect(body.report_settings).toEqual([
      expect.objectContaining({ user: user.id, email: 'daily', send_hour: 7, time_zone: 'UTC' }),
    ]);
    // this browser's subscription, without the browser's own keys (docs/push.md#subscriptions)
    expect(body.push_subscriptions).toEqual([expect.objectContaining({ user: user.id, endpoint })]);
    expect(body.briefs).toEqual([
      expect.objectContaining({ ad_id: 'ad-00001', language: 'en', text: 'Angle: mine', model: 'm' }),
    ]);
    expect(body.push_subscriptions[0]).not.toHaveProperty('p256dh');
    expect(body.push_subscriptions[0]).not.toHaveProperty('auth');

    // every result once, with exactly the Database's columns (and its run)
    expect(body.results).toHaveLength(2_345);
    expect(new Set(body.results.map((result) => result.ad_id)).size).toBe(2_345);
    expect(Object.keys(body.results[0]!)).toEqual(['run', ...RESULT_COLUMNS.map((column) => column.key)]);
    const sample = body.results.find((result) => result.ad_id === 'ad-01600')!;
    expect(sample).toMatchObject({
      run: second.run.id,
      store_name: 'Store 1600',
      reach: 1600,
      start_date: '2025-03-04',
      winning_score: 50.5,
      title: null,
    });
    expect(body.results.some((result) => result.ad_id === 'theirs')).toBe(false);
  });

  it('needs a signed-in user', async () => {
    expect((await fetch(`${server.url}${SERVER_ROUTES.accountExport.path}`)).status).toBe(401);
  });
});
