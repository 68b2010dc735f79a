/**
 * Mailpit (a real SMTP server with an HTTP API, built by the bootstrap from the Go module proxy)
 * on free loopback ports: PocketBase sends to it through SMTP_HOST/SMTP_PORT, and tests read the
 * mails back through its API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ensureMailpit } from '../../scripts/bootstrap.mjs';
import { freePort } from '../../scripts/lib/stack.mjs';
import { waitFor } from '../fixtures/wait-for.ts';

export interface MailpitMessage {
  id: string;
  subject: string;
  from: string;
  to: string[];
  html: string;
  text: string;
}

export interface Mailpit {
  smtpPort: number;
  /** Its HTTP API's base ('http://127.0.0.1:<port>'), for what the helpers here do not read. */
  api: string;
  /** The environment that makes PocketBase send through this server. */
  env(appUrl: string): Record<string, string>;
  /** Every message to `address` so far, newest first. */
  messagesTo(address: string): Promise<MailpitMessage[]>;
  /** The headers of a message, as Mailpit parsed them (name → values). */
  headersOf(id: string): Promise<Record<string, string[]>>;
  /** Waits for a message to `address` whose subject matches. */
  waitForMessage(address: string, subject: RegExp, timeoutMs?: number): Promise<MailpitMessage>;
  stop(): Promise<void>;
}

interface SearchResult {
  messages: { ID: string }[];
}

interface MessageDetail {
  ID: string;
  Subject: string;
  From: { Address: string; Name: string };
  To: { Address: string }[];
  HTML: string;
  Text: string;
}

async function launch(binary: string): Promise<{ child: ChildProcess; smtpPort: number; api: string }> {
  for (let attempt = 1; ; attempt++) {
    const smtpPort = await freePort();
    const httpPort = await freePort();
    const child = spawn(
      binary,
      [
        '--smtp',
        `127.0.0.1:${smtpPort}`,
        '--listen',
        `127.0.0.1:${httpPort}`,
        '--disable-version-check',
        '--quiet',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const api = `http://127.0.0.1:${httpPort}`;
    const ready = await waitFor(
      'Mailpit to answer',
      () =>
        fetch(`${api}/api/v1/info`).then(
          (response) => response.ok,
          () => false,
        ),
      (answered) => answered || child.exitCode !== null,
      { timeoutMs: 15_000 },
    ).catch(() => false);
    if (ready && child.exitCode === null) return { child, smtpPort, api };
    child.kill('SIGKILL');
    // a port taken between freePort() and the bind: try others
    if (attempt >= 5) throw new Error(`Mailpit did not start: ${stderr}`);
  }
}

export async function startMailpit(): Promise<Mailpit> {
  const binary = process.env.MAILPIT_BIN || (await ensureMailpit());
  const { child, smtpPort, api } = await launch(binary);
  const detail = async (id: string): Promise<MailpitMessage> => {
    const message = (await (await fetch(`${api}/api/v1/message/${id}`)).json()) as MessageDetail;
    return {
      id: message.ID,
      subject: message.Subject,
      from: message.From.Address,
      to: message.To.map((to) => to.Address),
      html: message.HTML,
      text: message.Text,
    };
  };
  const messagesTo = async (address: string) => {
    const query = encodeURIComponent(`to:"${address}"`);
    const found = (await (await fetch(`${api}/api/v1/search?query=${query}`)).json()) as SearchResult;
    return Promise.all(found.messages.map((message) => detail(message.ID)));
  };
  return {
    smtpPort,
    api,
    env: (appUrl) => ({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_TLS: 'false',
      MAIL_FROM: 'AdScout <no-reply@adscout.test>',
      APP_URL: appUrl,
    }),
    messagesTo,
    async headersOf(id) {
      return (await (await fetch(`${api}/api/v1/message/${id}/headers`)).json()) as Record<string, string[]>;
    },
    async waitForMessage(address, subject, timeoutMs = 15_000) {
      const messages = await waitFor(
        `a mail to ${address} matching ${subject}`,
        () => messagesTo(address),
        (found) => found.some((message) => subject.test(message.subject)),
        { timeoutMs },
      );
      return messages.find((message) => subject.test(message.subject))!;
    },
    async stop() {
      child.kill('SIGTERM');
    },
  };
}

/** The token of the first link to `path` (e.g. '/reset-password') in a mail. */
export function tokenOfLink(message: MailpitMessage, origin: string, path: string): string {
  const pattern = new RegExp(
    `${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path}\\?token=([A-Za-z0-9._-]+)`,
  );
  const found = pattern.exec(message.html);
  if (!found) throw new Error(`no ${origin}${path}?token=… link in the mail:\n${message.html}`);
  return found[1]!;
}
