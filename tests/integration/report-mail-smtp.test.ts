/**
 * Report mail over real SMTP (Mailpit; docs/reports.md#email): a send the SMTP server refused is
 * retried, with the same Message-ID, once SMTP answers; the mail carries the one-click
 * unsubscribe headers, and its link turns report mail off without logging in. The unsubscribe
 * token works for its own user and purpose only; the placeholder image answers GET and HEAD.
 */
import { createHmac } from 'node:crypto';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import {
  REPORT_UNSUBSCRIBE_PURPOSE,
  REPORT_UNSUBSCRIBE_SECRET,
} from '../../src/domain/reports/report-mail-contract.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { createRun } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { freePort } from '../../scripts/lib/stack.mjs';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { startMailpit, type Mailpit } from './mailpit.ts';

const CRON = '/api/crons/adscout_report_digest';

let server: TestServer;
let mailpit: Mailpit;
let appUrl: string;

beforeAll(async () => {
  mailpit = await startMailpit();
  // SMTP first points at a port nothing listens on: every send fails
  const refused = await freePort();
  server = await startTestServer({
    env: { ADSCOUT_BILLING: 'local', ...mailpit.env('http://127.0.0.1:1'), SMTP_PORT: String(refused) },
  });
  appUrl = server.url;
  await server.restart({ env: { APP_URL: appUrl } });
});
afterAll(async () => {
  await server?.stop();
  await mailpit?.stop();
});

const tick = () => server.superuser.send(CRON, { method: 'POST' });

async function dueDigest(user: TestUser): Promise<void> {
  const run = await createRun(server.superuser, user.id, { status: 'completed' });
  await server.superuser.collection(COLLECTIONS.reports).create({
    user: user.id,
    run: run.id,
    watch_name: 'Posture US',
    new_count: 1,
    new_ads: [
      {
        adId: '7001',
        row: '',
        creative: '',
        store: 'Store',
        pageId: 'p',
        title: 'Standing desk',
        daysRunning: 4,
        winningScore: 80,
        active: true,
      },
    ],
  });
  await server.superuser.collection(COLLECTIONS.reportSettings).create({
    user: user.id,
    email: 'daily',
    send_hour: 7,
    time_zone: 'UTC',
    last_digest_at: toPbDate(Date.now() - 3_600_000),
    next_digest_at: toPbDate(Date.now() - 1000),
  });
}

const mailsOf = (user: TestUser) =>
  server.superuser
    .collection(COLLECTIONS.reportMails)
    .getFullList({ filter: server.superuser.filter('user = {:u}', { u: user.id }) });

async function settingsOf(user: TestUser): Promise<RecordModel> {
  return (
    await server.superuser
      .collection(COLLECTIONS.reportSettings)
      .getFullList({ filter: server.superuser.filter('user = {:u}', { u: user.id }) })
  )[0]!;
}

let user: TestUser;
let token = '';

describe('report mail over SMTP', () => {
  it('a refused send is retried after its backoff with the same Message-ID, and arrives once', async () => {
    user = await server.createUser('smtp-digest');
    await dueDigest(user);
    await tick();
    const [failed] = await waitFor(
      'the first attempt to fail',
      () => mailsOf(user),
      (mails) => mails.length === 1 && mails[0]!.status === 'pending' && Number(mails[0]!.attempts) === 1,
      { timeoutMs: 30_000 },
    );
    expect(String(failed!.last_error)).not.toBe('');
    // retried after a backoff, not at once
    expect(Date.parse(String(failed!.next_attempt_at).replace(' ', 'T'))).toBeGreaterThan(
      Date.now() + 10_000,
    );
    expect(await mailpit.messagesTo(user.email)).toHaveLength(0);

    // SMTP answers now; the retry is made due
    await server.restart({ env: { SMTP_PORT: String(mailpit.smtpPort) } });
    await server.superuser
      .collection(COLLECTIONS.reportMails)
      .update(failed!.id, { next_attempt_at: toPbDate(Date.now() - 1000) });
    await tick();
    const message = await mailpit.waitForMessage(user.email, /Posture US: 1 new ad/, 30_000);
    const headers = await mailpit.headersOf(message.id);
    expect(headers['Message-Id'] ?? headers['Message-ID']).toEqual([String(failed!.message_id)]);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const link = /^<(.+)>$/.exec(headers['List-Unsubscribe']![0]!)![1]!;
    expect(link.startsWith(`${appUrl}${SERVER_ROUTES.reportUnsubscribe.path}?token=`)).toBe(true);
    token = new URLSearchParams(link.split('?')[1]).get('token')!;
    const sent = await waitFor(
      'the mail marked sent',
      () => mailsOf(user),
      (mails) => mails[0]!.status === 'sent',
    );
    expect(sent[0]!.attempts).toBe(2);
    await tick();
    // a later tick sends nothing more: the settings' period is closed and the mail is sent
    expect(await mailpit.messagesTo(user.email)).toHaveLength(1);
  });

  it('the unsubscribe link: GET shows a button page, one-click POST turns report mail off', async () => {
    const url = `${appUrl}${SERVER_ROUTES.reportUnsubscribe.path}?token=${token}`;
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toMatch(
      /<form method="post" action="\/api\/adscout\/reports\/unsubscribe\?token=[^"]+"><button/,
    );
    expect((await settingsOf(user)).email).toBe('daily');
    const posted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    const after = await settingsOf(user);
    expect(after.email).toBe('off');
    expect(after.next_digest_at).toBe('');
  });

  it('refuses a token of another user, of another purpose, or unsigned, and changes nothing', async () => {
    const other = await server.createUser('smtp-other');
    const otherSettings = await server.superuser
      .collection(COLLECTIONS.reportSettings)
      .create({ user: other.id, email: 'weekly' });
    const [secret] = await server.superuser
      .collection(COLLECTIONS.serverSecrets)
      .getFullList({ filter: server.superuser.filter('name = {:n}', { n: REPORT_UNSUBSCRIBE_SECRET }) });
    const sign = (text: string) => createHmac('sha256', String(secret!.value)).update(text).digest('hex');
    const [, signature] = token.split('.');
    const refused = [
      // this user's signature under another user's id
      `${other.id}.${signature}`,
      // the other user's id, signed for another purpose (or none)
      `${other.id}.${sign(`report-mail-each:${other.id}`)}`,
      `${other.id}.${sign(other.id)}`,
      `${other.id}.${'0'.repeat(64)}`,
      'not-a-token',
      '',
    ];
    // the check itself is right: the other user's own token would work
    expect(sign(`${REPORT_UNSUBSCRIBE_PURPOSE}:${other.id}`)).not.toBe(signature);
    for (const bad of refused) {
      const url = `${appUrl}${SERVER_ROUTES.reportUnsubscribe.path}?token=${encodeURIComponent(bad)}`;
      expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status, bad).toBe(400);
      expect((await fetch(url, { redirect: 'manual' })).status, bad).toBe(400);
    }
    expect(
      (await server.superuser.collection(COLLECTIONS.reportSettings).getOne(otherSettings.id)).email,
    ).toBe('weekly');
    // and the right one does
    const good = `${other.id}.${sign(`${REPORT_UNSUBSCRIBE_PURPOSE}:${other.id}`)}`;
    const url = `${appUrl}${SERVER_ROUTES.reportUnsubscribe.path}?token=${good}`;
    expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(200);
    expect(
      (await server.superuser.collection(COLLECTIONS.reportSettings).getOne(otherSettings.id)).email,
    ).toBe('off');
  });

  it('the placeholder image answers GET and HEAD with 200 and no redirect', async () => {
    const url = `${appUrl}${SERVER_ROUTES.reportMailPlaceholder.path}`;
    const get = await fetch(url, { redirect: 'manual' });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await get.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const head = await fetch(url, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  });
});
