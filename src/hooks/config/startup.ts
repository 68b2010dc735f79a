/**
 * Start-up (onBootstrap, `serve` only): refuse an unsafe configuration before the server listens
 * (docs/invariants.md#invariant-11-no-paid-access-without-payment: no local test checkout where others can reach it — a public address, a proxy in
 * front, a public APP_URL — unless the operator asks for it;
 * Stripe mode with its key and webhook secret; APP_URL wherever others can reach the server, so
 * no link is built on a client's Host header), then write the settings that come from the
 * environment into PocketBase's own: the trusted proxy headers, the scheduled backups, the file
 * storage (storage-settings.ts: refused while files uploaded to disk would be left behind), and mail
 * (SMTP, the sender, and the application URL that mail links are built on). They are set on
 * every start, so the environment wins over edits in the admin UI. The first start also makes
 * the audit key in the data dir (audit-key.ts). VAPID_* must be whole and well formed
 * (vapid-settings.ts); the keys themselves are the first worker's when unset (vapid-keys.ts).
 * AI_* (the model of briefs) must be all three or none (ai-settings.ts), REPLICA_S3_* (the
 * database replica) all five or none (replica.ts).
 */
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { ensureAuditKey } from './audit-key.ts';
import { env } from './env.ts';
import {
  applicationUrl,
  MAIL_ENV_NAMES,
  mailSettings,
  mailWarning,
  type MailEnv,
  type MailSettings,
} from './mail-settings.ts';
import {
  BACKUP_ENV_NAMES,
  backupSettings,
  checkBilling,
  listenAddresses,
  publicExposure,
  serveCommand,
  trustedProxyHeaders,
  type BackupEnv,
  type BackupSettings,
} from './server-settings.ts';
import { checkAppUrl } from './public-origin.ts';
import {
  isUploadedFile,
  localFilesLeftBehind,
  STORAGE_ENV_NAMES,
  storageSettings,
  type StorageEnv,
  type StorageSettings,
} from './storage-settings.ts';
import { describeAi } from './ai-settings.ts';
import { describeReplica, replicaConfig } from './replica.ts';
import { aiConfig, billingEnv, fetchAllowErrors, startupReport } from './settings.ts';
import { describeVapid, vapidEnvSettings } from './vapid-keys.ts';

function backupEnv(): BackupEnv {
  const values = {} as BackupEnv;
  for (const name of BACKUP_ENV_NAMES) values[name] = env(name);
  return values;
}

function storageEnv(): StorageEnv {
  const values = {} as StorageEnv;
  for (const name of STORAGE_ENV_NAMES) values[name] = env(name);
  return values;
}

/** The uploaded files under `dir` (0 when it does not exist). */
function countUploads(dir: string): number {
  let entries: { name(): string; isDir(): boolean }[];
  try {
    entries = $os.readDir(dir);
  } catch (_) {
    return 0;
  }
  let count = 0;
  for (const entry of entries) {
    if (entry.isDir()) count += countUploads(`${dir}/${entry.name()}`);
    else if (isUploadedFile(entry.name())) count += 1;
  }
  return count;
}

function describeStorage(storage: StorageSettings, localDir: string): string {
  if (storage.enabled) return `file storage: S3 bucket ${storage.bucket} at ${storage.endpoint}`;
  return `file storage: ${localDir} (STORAGE_S3_* is not set)`;
}

function mailEnv(): MailEnv {
  const values = { APP_URL: env('APP_URL') } as MailEnv;
  for (const name of MAIL_ENV_NAMES) values[name] = env(name);
  return values;
}

function describeMail(mail: MailSettings, appUrl: string): string {
  if (mail.smtp.enabled)
    return `mail: SMTP ${mail.smtp.host}:${mail.smtp.port}${mail.smtp.tls ? ' (TLS)' : ''}, from ${mail.senderName} <${mail.senderAddress}>, links to ${appUrl}`;
  return `mail: no SMTP server (SMTP_HOST is not set): mails are kept in the ${COLLECTIONS.mailOutbox} collection; read them in the admin UI (${appUrl}/_/) or at ${appUrl}${SERVER_ROUTES.localOutbox.path} (superusers only; they hold reset links)`;
}

function describeBackups(backups: BackupSettings): string {
  if (!backups.cron) return 'backups: no scheduled backups (BACKUP_CRON=off)';
  const where = backups.s3.enabled ? `S3 bucket ${backups.s3.bucket}` : "this server's disk";
  return `backups: "${backups.cron}" (UTC), the last ${backups.cronMaxKeep} kept, on ${where}`;
}

/**
 * Checks the configuration of a starting server and applies what belongs in PocketBase's
 * settings. Throws (PocketBase then exits non-zero with the message) when it must not start.
 */
export function startServer(): void {
  const command = serveCommand($os.args);
  if (!command) return;
  const proxy = trustedProxyHeaders(env('TRUSTED_PROXY_HEADERS'));
  const listen = listenAddresses(command);
  const exposure = { listen, behindProxy: proxy.headers.length > 0, appUrl: env('APP_URL') };
  const billing = checkBilling(billingEnv(), exposure);
  const backups = backupSettings(backupEnv());
  const mail = mailSettings(mailEnv());
  const storage = storageSettings(storageEnv());
  const vapid = vapidEnvSettings();
  const ai = aiConfig();
  const replica = replicaConfig();
  const localStorageDir = `${$app.dataDir()}/storage`;
  // walking the folder only when S3 is asked for: servers on disk never pay for it
  const leftBehind =
    storage.errors.length > 0 || !storage.settings.enabled
      ? null
      : localFilesLeftBehind(storage.settings, localStorageDir, countUploads(localStorageDir));
  const found = [
    ...billing.errors,
    ...checkAppUrl(exposure),
    ...proxy.errors,
    ...backups.errors,
    ...storage.errors,
    ...(leftBehind ? [leftBehind] : []),
    ...mail.errors,
    ...vapid.errors,
    ...ai.errors,
    ...replica.errors,
    ...fetchAllowErrors(),
  ];
  // a malformed APP_URL is named by the origin check and, with SMTP, by the mail check: once
  const errors = found.filter((error, i) => found.indexOf(error) === i);
  if (errors.length > 0) {
    throw new Error(`[adscout] AdScout cannot start: ${errors.join(' ')}`);
  }
  for (const warning of billing.warnings) console.log(`[adscout] WARNING: ${warning}`);
  const mailUnreachable = mailWarning(mail.settings.smtp.enabled, publicExposure(exposure));
  if (mailUnreachable) console.log(`[adscout] WARNING: ${mailUnreachable}`);

  const settings = $app.settings();
  settings.trustedProxy.headers = proxy.headers;
  // the rightmost address is the one the nearest proxy appended; leftmost ones can be forged
  settings.trustedProxy.useLeftmostIP = false;
  settings.backups.cron = backups.settings.cron;
  settings.backups.cronMaxKeep = backups.settings.cronMaxKeep;
  const s3 = backups.settings.s3;
  settings.backups.s3.enabled = s3.enabled;
  settings.backups.s3.bucket = s3.bucket;
  settings.backups.s3.region = s3.region;
  settings.backups.s3.endpoint = s3.endpoint;
  settings.backups.s3.accessKey = s3.accessKey;
  settings.backups.s3.secret = s3.secret;
  settings.backups.s3.forcePathStyle = s3.forcePathStyle;
  const files = storage.settings;
  settings.s3.enabled = files.enabled;
  settings.s3.bucket = files.bucket;
  settings.s3.region = files.region;
  settings.s3.endpoint = files.endpoint;
  settings.s3.accessKey = files.accessKey;
  settings.s3.secret = files.secret;
  settings.s3.forcePathStyle = files.forcePathStyle;
  const appUrl = applicationUrl(env('APP_URL'), listen[0] ?? '');
  settings.meta.appName = 'AdScout';
  settings.meta.appURL = appUrl;
  settings.meta.senderName = mail.settings.senderName;
  settings.meta.senderAddress = mail.settings.senderAddress;
  settings.smtp.enabled = mail.settings.smtp.enabled;
  settings.smtp.host = mail.settings.smtp.host;
  settings.smtp.port = mail.settings.smtp.port;
  settings.smtp.username = mail.settings.smtp.username;
  settings.smtp.password = mail.settings.smtp.password;
  settings.smtp.tls = mail.settings.smtp.tls;
  $app.save(settings);

  if (ensureAuditKey())
    console.log('[adscout] made the audit key (.adscout-audit-key in the data dir, mode 0600)');
  for (const line of startupReport()) console.log(`[adscout] ${line}`);
  console.log(`[adscout] ${describeBackups(backups.settings)}`);
  console.log(`[adscout] ${describeStorage(storage.settings, localStorageDir)}`);
  console.log(`[adscout] ${describeMail(mail.settings, appUrl)}`);
  console.log(`[adscout] ${describeVapid()}`);
  console.log(`[adscout] ${describeAi(ai.settings)}`);
  console.log(`[adscout] ${describeReplica(replica.settings)}`);
  if (proxy.headers.length > 0)
    console.log(
      `[adscout] trusted proxy headers: ${proxy.headers.join(', ')} (X-Forwarded-Proto is trusted too)`,
    );
}
