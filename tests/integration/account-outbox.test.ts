/**
 * Accounts (docs/accounts.md) without SMTP (a local trial): mails are kept in mail_outbox, which only
 * superusers read (the collection and GET /api/adscout/local/outbox: the mails hold reset tokens); their
 * links are absolute, on the server's own address; a reset works from the kept mail; an email
 * change happens at once, as before; a server others can reach warns that password reset
 * cannot reach users; and a mail is kept 14 days at most (docs/going-live.md: a cron prunes older ones).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, toPbDate } from '../../src/domain/text/format.ts';
import { waitFor, waitUntil } from '../fixtures/wait-for.ts';
import { startTestServer, statusOf, type TestServer } from './harness.ts';
import { runCron, writeColumns } from './security/support.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

interface OutboxMail {
  to: string;
  from: string;
  subject: string;
  html: string;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ADSCOUT_BILLING: '', APP_URL: '', SMTP_HOST: '' } });
});

afterAll(async () => {
  await server?.stop();
});

async function outboxFor(email: string): Promise<OutboxMail[]> {
  const { items } = await server.superuser.send<{ items: OutboxMail[] }>(SERVER_ROUTES.localOutbox.path, {
    query: { to: email },
  });
  return items;
}

async function waitForMail(email: string): Promise<OutboxMail> {
  const [mail] = await waitFor(
    `a mail to ${email} in the outbox`,
    () => outboxFor(email),
    (mails) => mails.length > 0,
  );
  return mail!;
}

describe('mail without SMTP', () => {
  it('keeps the reset mail in the outbox with an absolute link on the server address, and the link resets', async () => {
    const user = await server.createUser('local');
    await server.anonymous().collection(COLLECTIONS.users).requestPasswordReset(user.email);
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe('Reset your AdScout password');
    expect(mail.from).toBe('AdScout <no-reply@adscout.local>');
    const link = new RegExp(`${server.url.replace(/\./g, '\\.')}/reset-password\\?token=([\\w.-]+)`).exec(
      mail.html,
    );
    expect(link, mail.html).not.toBeNull();
    await server
      .anonymous()
      .collection(COLLECTIONS.users)
      .confirmPasswordReset(link![1]!, 'Fresh1234', 'Fresh1234');
    await server.anonymous().collection(COLLECTIONS.users).authWithPassword(user.email, 'Fresh1234');
  });

  it('lets only superusers read the outbox', async () => {
    const user = await server.createUser('snoop');
    await server.anonymous().collection(COLLECTIONS.users).requestPasswordReset(user.email);
    await waitForMail(user.email);
    // the route
    expect((await fetch(`${server.url}${SERVER_ROUTES.localOutbox.path}`)).status).toBe(401);
    expect(await statusOf(user.pb.send(SERVER_ROUTES.localOutbox.path, {}))).toBe(403);
    // the collection
    expect(await statusOf(user.pb.collection(COLLECTIONS.mailOutbox).getList(1, 10))).toBe(403);
    expect(await statusOf(server.anonymous().collection(COLLECTIONS.mailOutbox).getList(1, 10))).toBe(403);
    const kept = await server.superuser
      .collection(COLLECTIONS.mailOutbox)
      .getList(1, 10, { filter: `to = "${user.email}"` });
    expect(kept.items).toHaveLength(1);
  });

  it('changes the email at once, as before (no mail can confirm it)', async () => {
    const user = await server.createUser('direct');
    const next = `direct-new-${Date.now()}@adscout.test`;
    const answer = await user.pb.send<{ token?: string; pending?: boolean }>(
      SERVER_ROUTES.accountEmail.path,
      {
        method: 'POST',
        body: { email: next, oldPassword: user.password },
      },
    );
    expect(answer.token).toBeTruthy();
    expect(answer.pending).toBeUndefined();
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(user.id)).email).toBe(next);
  });

  it('says at start where the mails are read, and gives no public-address warning on loopback', async () => {
    await server.waitForOutput('mail: no SMTP server (SMTP_HOST is not set)');
    // the end of that line; the warning would have come before it (src/hooks/config/startup.ts)
    const log = await server.waitForOutput(`${server.url}${SERVER_ROUTES.localOutbox.path}`);
    expect(log).not.toContain('password reset and email-change mails cannot reach users');
  });

  it('warns at start on an address others can reach without SMTP', async () => {
    const exposed = await startTestServer({
      env: { ADSCOUT_BILLING: 'local', APP_URL: 'https://adscout.example.com', SMTP_HOST: '' },
    });
    try {
      await exposed.waitForOutput(
        /WARNING: no SMTP server is configured .*APP_URL \(https:\/\/adscout\.example\.com\) is not a loopback address.*password reset and email-change mails cannot reach users/,
      );
    } finally {
      await exposed.stop();
    }
  });
});

describe('how long mails are kept', () => {
  it('the hourly prune deletes kept mails older than 14 days, and only those', async () => {
    const ages = { old: 15 * DAY_MS, nearly: 13 * DAY_MS, fresh: 0 };
    const ids: Record<string, string> = {};
    for (const name of Object.keys(ages)) {
      const mail = await server.superuser
        .collection(COLLECTIONS.mailOutbox)
        .create({ to: `${name}-${Date.now()}@adscout.test`, subject: `Kept (${name})` });
      ids[name] = mail.id;
    }
    // PocketBase stamps `created` itself: date two of them back, with the server stopped
    await writeColumns(
      server,
      COLLECTIONS.mailOutbox,
      (['old', 'nearly'] as const).map((name) => ({
        id: ids[name]!,
        values: { created: toPbDate(new Date(Date.now() - ages[name])) },
      })),
    );
    const exists = (id: string) =>
      statusOf(server.superuser.collection(COLLECTIONS.mailOutbox).getOne(id)).then((s) => s === 0);
    expect(await exists(ids.old!)).toBe(true);
    await runCron(server.superuser, 'adscout_mail_outbox_prune');
    await waitUntil('the prune of the 15-day-old mail', async () => !(await exists(ids.old!)));
    expect(await exists(ids.nearly!)).toBe(true);
    expect(await exists(ids.fresh!)).toBe(true);
  });
});
