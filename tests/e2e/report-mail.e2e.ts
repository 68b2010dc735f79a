/**
 * The report digest by email, end to end (docs/reports.md#email, #reports-by-email): a stack whose
 * PocketBase sends through a real SMTP server (Mailpit), a watch that runs twice a demo day apart
 * (SCOUT_DEMO_DAY_SECONDS short), the user choosing "Daily digest" in Settings, the digest job
 * sending the digest to Mailpit; every image and link of ours in it answers 200 without a
 * redirect, to GET and HEAD, Mailpit's own link check included (it reaches loopback); and its
 * List-Unsubscribe one-click POST turns report mail off, which the Settings card then shows.
 */
import PocketBase, { type RecordModel } from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { CREATIVE_FILES_PATH } from '../../src/domain/media/creative-files.ts';
import { demoClock } from '../../src/demo-library/clock.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { startFakeCdn, type FakeCdn } from '../fixtures/fake-cdn.ts';
import { subscriber } from '../fixtures/records.ts';
import { startMailpit, type Mailpit, type MailpitMessage } from '../integration/mailpit.ts';
import { startE2eStack, type E2eStack } from './e2e-stack.ts';
import { connectAdmin, expect, KNOWN_ERRORS, test, type Admin, type E2eUser } from './fixtures.ts';
import { controlledByServiceWorker, goOffline, toast } from './locators.ts';

/** A demo day of the catalogue lasts this long here: the second run sees the next day's Library. */
const DEMO_DAY_SECONDS = 6;
const LINK = 'https://www.facebook.com/ads/library/?active_status=all&country=US&q=garden%20lights';
const WATCH_CRON = '/api/crons/adscout_watch_scheduler';
const DIGEST_CRON = '/api/crons/adscout_report_digest';

let mailpit: Mailpit;
let cdn: FakeCdn;
let stack: E2eStack;
let admin: Admin;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailpit = await startMailpit();
  // the ads' media on a CDN double, as Facebook's, so the archive keeps creatives as in production:
  // an item whose creative was archived shows its 400x0 thumbnail, checked below like every image
  cdn = await startFakeCdn({ perAd: true });
  stack = await startE2eStack({
    workerEnv: {
      SCOUT_DEMO_PACE_MS: '0',
      SCOUT_DEMO_DAY_SECONDS: String(DEMO_DAY_SECONDS),
      DEMO_MEDIA_BASE: cdn.url,
      MEDIA_FETCH_ALLOW: cdn.hostPort,
    },
    serverEnv: (url) => mailpit.env(url),
  });
  admin = await connectAdmin(stack.url, stack.dataDir);
});

test.afterAll(async () => {
  await stack?.stop();
  await mailpit?.stop();
  await cdn?.close();
});

async function signedInClient(user: E2eUser): Promise<PocketBase> {
  const pb = new PocketBase(stack.url);
  pb.autoCancellation(false);
  await pb.collection(COLLECTIONS.users).authWithPassword(user.email, user.password);
  return pb;
}

/** The watch's runs, oldest first. */
function runsOf(watch: RecordModel): Promise<RecordModel[]> {
  return admin.pb
    .collection(COLLECTIONS.searchRuns)
    .getFullList({ filter: admin.pb.filter('watch = {:w}', { w: watch.id }), sort: 'created' });
}

/** Starts the watch now (the scheduler's tick, as PocketBase runs it every minute) and waits for its run's report. */
async function runWatch(watch: RecordModel, runsBefore: number): Promise<RecordModel> {
  await admin.pb
    .collection(COLLECTIONS.watches)
    .update(watch.id, { next_run_at: toPbDate(Date.now() - 1000) });
  await admin.pb.send(WATCH_CRON, { method: 'POST' });
  let run: RecordModel | undefined;
  await expect
    .poll(
      async () => {
        const runs = await runsOf(watch);
        run = runs[runsBefore];
        return run?.status;
      },
      { timeout: 60_000, message: 'the watch run completes' },
    )
    .toBe('completed');
  let report: RecordModel | undefined;
  await expect
    .poll(
      async () => {
        [report] = await admin.pb
          .collection(COLLECTIONS.reports)
          .getFullList({ filter: admin.pb.filter('run = {:r}', { r: run!.id }) });
        return report?.id ?? null;
      },
      { timeout: 60_000, message: 'the run’s report is stored' },
    )
    .not.toBeNull();
  return report!;
}

/** The URLs of a mail's links and images. */
function urlsOf(message: MailpitMessage): { links: string[]; images: string[] } {
  const attribute = (name: string) =>
    [...message.html.matchAll(new RegExp(`<[^>]+\\s${name}="([^"]+)"`, 'g'))].map((match) =>
      match[1]!.replaceAll('&amp;', '&'),
    );
  return { links: attribute('href'), images: attribute('src') };
}

interface LinkCheck {
  Errors: number;
  Links: { URL: string; StatusCode: number; Status: string }[];
}

interface Headers {
  [name: string]: string[];
}

test('the digest reaches the inbox over SMTP, every image and link of ours answers 200, and one click unsubscribes', async ({
  page,
  context,
  errorGuard,
}) => {
  // two watch runs a demo day apart, their reports, and a digest job tick: budget for a busy machine
  test.setTimeout(360_000);
  const user = await subscriber(admin.pb, admin, 'digest');
  const client = await signedInClient(user);
  const watch = await client.collection(COLLECTIONS.watches).create({
    user: user.id,
    name: 'Garden lights',
    facebook_link: LINK,
    target_country: 'US',
    requested_count: 40,
    cadence: 'daily',
  });

  // the first watch gave the user the server's default: a daily digest
  const [defaults] = await admin.pb
    .collection(COLLECTIONS.reportSettings)
    .getFullList({ filter: admin.pb.filter('user = {:u}', { u: user.id }) });
  expect(defaults).toMatchObject({ email: 'daily', send_hour: 7 });

  const first = await runWatch(watch, 0);
  expect(first.new_count).toBeGreaterThan(0);
  // the next demo day
  const firstDay = demoClock(Date.now(), DEMO_DAY_SECONDS).today;
  await expect
    .poll(() => demoClock(Date.now(), DEMO_DAY_SECONDS).today, { timeout: 3 * DEMO_DAY_SECONDS * 1000 })
    .toBeGreaterThan(firstDay);
  const second = await runWatch(watch, 1);
  expect(second.previous_run).toBe(first.run);
  // the archive fetches the runs' creatives from the CDN double, after the reports were stored:
  // the mail shows the thumbnails archived by the time it is sent
  await expect
    .poll(
      async () =>
        (
          await admin.pb.collection(COLLECTIONS.mediaTasks).getList(1, 1, {
            filter: admin.pb.filter('user = {:u} && status = "pending"', { u: user.id }),
          })
        ).totalItems,
      { timeout: 120_000, message: 'the archive has worked through the runs’ media' },
    )
    .toBe(0);

  // the user chooses "Daily digest" in Settings (which saves this browser's time zone)
  await admin.signIn(page, user);
  await page.goto(`${stack.url}/app/settings`);
  const card = page.getByRole('region', { name: 'Reports by email' });
  await expect(card.getByLabel('Email me')).toHaveValue('daily');
  await card.getByLabel('Email me').selectOption('daily');
  await card.getByLabel('Send hour').selectOption('7');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Your report emails were saved.')).toBeVisible();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [chosen] = await admin.pb
    .collection(COLLECTIONS.reportSettings)
    .getFullList({ filter: admin.pb.filter('user = {:u}', { u: user.id }) });
  expect(chosen).toMatchObject({ email: 'daily', send_hour: 7, time_zone: zone });
  await expect(card.getByTestId('next-digest')).toContainText('Next digest:');

  // due now: the job that runs every minute sends it; a tick is fired rather than awaited
  await admin.pb
    .collection(COLLECTIONS.reportSettings)
    .update(chosen!.id, { next_digest_at: toPbDate(Date.now() - 1000) });
  await admin.pb.send(DIGEST_CRON, { method: 'POST' });
  const mail = await mailpit.waitForMessage(user.email, /Garden lights|digest/i, 150_000);
  expect(mail.text.length).toBeGreaterThan(0);
  expect(new TextEncoder().encode(mail.html).length).toBeLessThan(100 * 1024);

  // every image and link of ours answers 200, without a redirect, to GET and HEAD
  const { links, images } = urlsOf(mail);
  const ours = [...new Set([...links, ...images])].filter((url) => url.startsWith(stack.url));
  expect(images.length).toBeGreaterThan(0);
  expect(images.every((url) => url.startsWith(`${stack.url}/`))).toBe(true);
  // archived creatives by their 400x0 thumbnail, not only the placeholder
  expect(
    images.filter(
      (url) => url.startsWith(`${stack.url}${CREATIVE_FILES_PATH}`) && url.endsWith('?thumb=400x0'),
    ),
  ).not.toHaveLength(0);
  expect(
    links.every(
      (url) => url.startsWith(`${stack.url}/`) || url.startsWith('https://www.facebook.com/ads/library/'),
    ),
  ).toBe(true);
  for (const url of ours) {
    for (const method of ['GET', 'HEAD']) {
      const answer = await fetch(url, { method, redirect: 'manual' });
      expect(answer.status, `${method} ${url}`).toBe(200);
    }
  }
  // Mailpit's own check of the same message (it reaches loopback); the Ad Library is not reachable here
  const check = (await (
    await fetch(`${mailpit.api}/api/v1/message/${mail.id}/link-check`)
  ).json()) as LinkCheck;
  const checkedOurs = check.Links.filter((link) => link.URL.startsWith(stack.url));
  expect(checkedOurs.length).toBe(ours.length);
  for (const link of checkedOurs) expect(link.StatusCode, link.URL).toBe(200);

  // List-Unsubscribe one-click (RFC 8058) turns report mail off, without logging in
  const headers = (await (await fetch(`${mailpit.api}/api/v1/message/${mail.id}/headers`)).json()) as Headers;
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  const unsubscribe = /<(https?:[^>]+)>/.exec(headers['List-Unsubscribe']?.[0] ?? '')?.[1];
  expect(unsubscribe?.startsWith(`${stack.url}/`)).toBe(true);
  const clicked = await fetch(unsubscribe!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
    redirect: 'manual',
  });
  expect(clicked.status).toBe(200);
  await expect
    .poll(async () => (await admin.pb.collection(COLLECTIONS.reportSettings).getOne(chosen!.id)).email)
    .toBe('off');
  // the card follows the record (realtime), and shows it after a reload too
  await expect(card.getByLabel('Email me')).toHaveValue('off');
  await page.reload();
  await expect(card.getByLabel('Email me')).toHaveValue('off');
  await expect(card.getByTestId('next-digest')).toBeHidden();

  // offline, the card shows the last settings it read, read-only, and says why
  errorGuard.expect(...KNOWN_ERRORS.offline);
  await controlledByServiceWorker(page);
  await goOffline(context);
  await page.reload();
  await expect(card.getByLabel('Email me')).toHaveValue('off');
  await expect(card.getByLabel('Email me')).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(card.getByRole('note')).toContainText('Offline: changing report emails needs a connection');
});
