/**
 * Report mail against a real PocketBase, mails kept in the outbox (no SMTP;
 * docs/reports.md#email): a due digest is sent once with the reports since the last; a period
 * without news sends nothing; one digest per period under overlapping ticks and after a restart
 * that interrupted a send (the same Message-ID); ad text escaped; `each` mails; the one-click
 * unsubscribe and its token guards; the placeholder image. The cron route (POST /api/crons/{id})
 * answers before its job ends, and PocketBase also runs the job every minute, so each test waits
 * for the state it expects, and proves an absence after a positive signal.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { parsePbDate, toPbDate } from '../../src/domain/text/format.ts';
import type { ReportAdItem } from '../../src/domain/reports/report-contract.ts';
import { createRun } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { adRow, completeWatchRun, computeNextReport, createWatch } from './report-support.ts';

const CRON = '/api/crons/adscout_report_digest';
const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { APP_URL: 'https://adscout.example.test', ADSCOUT_BILLING: 'local' },
  });
});
afterAll(async () => {
  await server?.stop();
});

interface KeptMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

async function mailsTo(address: string): Promise<KeptMail[]> {
  const { items } = await server.superuser.send<{ items: KeptMail[] }>(SERVER_ROUTES.localOutbox.path, {
    query: { to: address, limit: 200 },
  });
  return items;
}

/** Fires the digest cron `times` times at once (overlapping ticks). */
async function tick(times = 1): Promise<void> {
  await Promise.all(Array.from({ length: times }, () => server.superuser.send(CRON, { method: 'POST' })));
}

function ad(n: number, over: Partial<ReportAdItem> = {}): ReportAdItem {
  return {
    adId: String(5000 + n),
    row: '',
    creative: '',
    store: `Store ${n}`,
    pageId: `p${n}`,
    title: `Lamp ${n}`,
    daysRunning: 3,
    winningScore: 70,
    active: true,
    ...over,
  };
}

/** A report as the server stores it (seeded by the superuser; `created` is the store time). */
async function seedReport(
  user: TestUser,
  watchName: string,
  over: Record<string, unknown> = {},
): Promise<RecordModel> {
  const run = await createRun(server.superuser, user.id, { status: 'completed' });
  return server.superuser.collection(COLLECTIONS.reports).create({
    user: user.id,
    run: run.id,
    watch_name: watchName,
    new_count: 1,
    new_ads: [ad(1)],
    ...over,
  });
}

/** The user's settings, due now, the last period closed at `lastAt`. */
async function dueSettings(user: TestUser, lastAt: number, email = 'daily'): Promise<RecordModel> {
  const existing = await server.superuser
    .collection(COLLECTIONS.reportSettings)
    .getFullList({ filter: server.superuser.filter('user = {:u}', { u: user.id }) });
  const fields = {
    user: user.id,
    email,
    send_hour: 7,
    time_zone: 'UTC',
    last_digest_at: toPbDate(lastAt),
    next_digest_at: toPbDate(Date.now() - 1000),
  };
  // a superuser's body naming next_digest_at keeps it (operators, tests): due now
  const saved = existing[0]
    ? await server.superuser.collection(COLLECTIONS.reportSettings).update(existing[0].id, fields)
    : await server.superuser.collection(COLLECTIONS.reportSettings).create(fields);
  return saved;
}

const mailsOf = (user: TestUser) =>
  server.superuser
    .collection(COLLECTIONS.reportMails)
    .getFullList({ filter: server.superuser.filter('user = {:u}', { u: user.id }), sort: 'created' });

const settingsOf = async (user: TestUser) =>
  (
    await server.superuser
      .collection(COLLECTIONS.reportSettings)
      .getFullList({ filter: server.superuser.filter('user = {:u}', { u: user.id }) })
  )[0]!;

/** Waits until `user`'s digest period closed (next_digest_at in the future). */
async function periodClosed(user: TestUser): Promise<RecordModel> {
  return waitFor(
    `${user.email}'s digest period to close`,
    () => settingsOf(user),
    (s) => (parsePbDate(String(s.next_digest_at))?.getTime() ?? 0) > Date.now(),
    { timeoutMs: 20_000 },
  );
}

async function sentMails(user: TestUser, count = 1): Promise<RecordModel[]> {
  return waitFor(
    `${count} report mail(s) of ${user.email} sent`,
    () => mailsOf(user),
    (mails) => mails.filter((m) => m.status === 'sent').length >= count,
    { timeoutMs: 20_000 },
  );
}

describe('report digests', () => {
  it('a due digest is sent once, with the reports since the last, all watches in one mail', async () => {
    const user = await server.createUser('digest-once');
    // stored before the last digest: not in this one
    const old = await seedReport(user, 'Old news');
    await dueSettings(user, parsePbDate(String(old.created))!.getTime());
    // two watches' reports since, and one without news
    await seedReport(user, 'Posture US', {
      new_count: 2,
      new_ads: [ad(1), ad(2, { title: HOSTILE, store: HOSTILE })],
    });
    await seedReport(user, 'Lamps DE', { new_count: 0, new_ads: [], stopped_count: 1, stopped_ads: [ad(3)] });
    await seedReport(user, 'Nothing changed', { new_count: 0, new_ads: [] });
    await tick(4);
    const [mail] = await sentMails(user);
    await periodClosed(user);
    const kept = await waitFor(
      'the digest in the outbox',
      () => mailsTo(user.email),
      (m) => m.length >= 1,
    );
    expect(kept).toHaveLength(1);
    const digest = kept[0]!;
    expect(digest.subject).toBe('2 new ads, 1 ad stopped on 2 watches');
    expect(digest.html).toContain('Posture US');
    expect(digest.html).toContain('Lamps DE');
    expect(digest.html).not.toContain('Old news');
    expect(digest.html).not.toContain('Nothing changed');
    // ad text is escaped, never markup
    expect(digest.html).not.toContain('<script>');
    expect(digest.html).not.toContain('<img src=x');
    expect(digest.html).toContain('&lt;script&gt;');
    expect(digest.text).toContain('Posture US');
    // the headers, kept in the outbox as SMTP would send them
    expect(digest.headers['Message-ID']).toBe(mail!.message_id);
    expect(digest.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/adscout\.example\.test\/api\/adscout\/reports\/unsubscribe\?token=[a-z0-9]{15}\.[0-9a-f]{64}>$/,
    );
    expect(digest.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // more ticks, and a later user's digest sent after them: still one mail
    await tick(3);
    const later = await server.createUser('digest-once-later');
    await dueSettings(later, Date.now() - 60_000);
    await seedReport(later, 'Later');
    await tick();
    await sentMails(later);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsOf(user)).toHaveLength(1);
  });

  it('a period without news sends nothing and moves on', async () => {
    const user = await server.createUser('digest-quiet');
    await dueSettings(user, Date.now() - 60_000);
    await seedReport(user, 'Quiet watch', { new_count: 0, new_ads: [] });
    await tick();
    const settings = await periodClosed(user);
    expect(settings.last_digest_at).not.toBe('');
    // the tick that closed the period queued nothing; a later user's mail proves the sends ran
    const later = await server.createUser('digest-quiet-later');
    await dueSettings(later, Date.now() - 60_000);
    await seedReport(later, 'Later');
    await tick();
    await sentMails(later);
    expect(await mailsOf(user)).toHaveLength(0);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('one digest per user and period under overlapping ticks', async () => {
    const users = await Promise.all(
      Array.from({ length: 12 }, (_, i) => server.createUser(`digest-many-${i}`)),
    );
    for (const user of users) {
      await dueSettings(user, Date.now() - 60_000);
      await seedReport(user, `Watch of ${user.email}`);
    }
    await tick(8);
    for (const user of users) await sentMails(user);
    await tick(4);
    const later = await server.createUser('digest-many-later');
    await dueSettings(later, Date.now() - 60_000);
    await seedReport(later, 'Later');
    await tick();
    await sentMails(later);
    for (const user of users) {
      expect(await mailsOf(user), user.email).toHaveLength(1);
      expect(await mailsTo(user.email), user.email).toHaveLength(1);
    }
  });
});

describe('report mails across a restart, and each report', () => {
  it('a send that died mid-way is sent again after a restart with the same Message-ID; a sent mail never again', async () => {
    const user = await server.createUser('digest-restart');
    const report = await seedReport(user, 'Restarted watch');
    await server.superuser.collection(COLLECTIONS.reportSettings).create({
      user: user.id,
      email: 'daily',
      send_hour: 7,
      time_zone: 'UTC',
      next_digest_at: toPbDate(Date.now() + 86_400_000),
    });
    const dead = await server.superuser.collection(COLLECTIONS.reportMails).create({
      user: user.id,
      kind: 'digest',
      period: 'digest:2026-01-05 07:00:00.000Z',
      reports: [report.id],
      message_id: '<report.interrupted@adscout.example.test>',
      // what a tick that died while sending leaves: claimed, its claim run out
      status: 'sending',
      attempts: 1,
      lease_owner: 'tick-dead',
      lease_expires_at: toPbDate(Date.now() - 1000),
      next_attempt_at: toPbDate(Date.now() - 60_000),
    });
    const done = await server.superuser.collection(COLLECTIONS.reportMails).create({
      user: user.id,
      kind: 'digest',
      period: 'digest:2026-01-04 07:00:00.000Z',
      reports: [report.id],
      message_id: '<report.done@adscout.example.test>',
      status: 'sent',
      attempts: 1,
      next_attempt_at: toPbDate(Date.now() - 120_000),
      sent_at: toPbDate(Date.now() - 100_000),
    });
    await server.restart({ kill: true });
    await tick(3);
    await waitFor(
      'the interrupted mail sent',
      () => server.superuser.collection(COLLECTIONS.reportMails).getOne(dead.id),
      (mail) => mail.status === 'sent',
      { timeoutMs: 20_000 },
    );
    const kept = await mailsTo(user.email);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.headers['Message-ID']).toBe('<report.interrupted@adscout.example.test>');
    expect((await server.superuser.collection(COLLECTIONS.reportMails).getOne(dead.id)).attempts).toBe(2);
    expect((await server.superuser.collection(COLLECTIONS.reportMails).getOne(done.id)).status).toBe('sent');
  });

  it('a queued mail is canceled, never sent, once its user turned report mail off or has no settings', async () => {
    const off = await server.createUser('mail-off');
    const none = await server.createUser('mail-no-settings');
    await server.superuser.collection(COLLECTIONS.reportSettings).create({
      user: off.id,
      email: 'off',
      send_hour: 7,
      time_zone: 'UTC',
    });
    const queued = await Promise.all(
      [off, none].map(async (user) => {
        const report = await seedReport(user, 'Turned off');
        return server.superuser.collection(COLLECTIONS.reportMails).create({
          user: user.id,
          kind: 'each',
          period: `report:${report.id}`,
          // a report with news: only the choice stops the mail
          reports: [report.id],
          message_id: `<report.${user.id}@adscout.example.test>`,
          status: 'pending',
          attempts: 0,
          next_attempt_at: toPbDate(Date.now() - 1000),
        });
      }),
    );
    await tick();
    for (const mail of queued)
      await waitFor(
        `mail ${mail.id} canceled`,
        () => server.superuser.collection(COLLECTIONS.reportMails).getOne(mail.id),
        (found) => found.status !== 'pending' && found.status !== 'sending',
        { timeoutMs: 20_000 },
      );
    for (const mail of queued)
      expect(await server.superuser.collection(COLLECTIONS.reportMails).getOne(mail.id)).toMatchObject({
        status: 'canceled',
        last_error: 'report mail was turned off',
      });
    expect(await mailsTo(off.email)).toHaveLength(0);
    expect(await mailsTo(none.email)).toHaveLength(0);
  });

  it('with "each", a report with news stored the real way gets its own mail; one without news none', async () => {
    const user = await server.createUser('each-report');
    const watch = await createWatch(server, user);
    const settings = await settingsOf(user);
    await user.pb.collection(COLLECTIONS.reportSettings).update(settings.id, { email: 'each' });
    await completeWatchRun(server, user, watch, [adRow('each-1', { title: HOSTILE })]);
    expect((await computeNextReport(server)).outcome).toBe('stored');
    const [queued] = await waitFor(
      'the report mail queued',
      () => mailsOf(user),
      (mails) => mails.length === 1,
    );
    expect(queued).toMatchObject({ kind: 'each', status: expect.stringMatching(/pending|sending|sent/) });
    await tick();
    await sentMails(user);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toMatch(/^Lamps daily: 1 new ad(,|$)/);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain(`/app/reports?report=${String((queued!.reports as string[])[0])}`);
    // the next run finds the same ad: nothing changed, no mail
    await completeWatchRun(server, user, watch, [adRow('each-1', { title: HOSTILE })]);
    expect((await computeNextReport(server)).outcome).toBe('stored');
    expect(await mailsOf(user)).toHaveLength(1);
  });
});
