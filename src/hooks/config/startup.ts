/**
 * Start-up (onBootstrap, `serve` only): refuse an unsafe configuration before the server listens
 * (invariant 11: no local test checkout where others can reach it — a public address, a proxy in
 * front, a public APP_URL — unless the operator asks for it;
 * Stripe mode with its key and webhook secret), then write the settings that come from the
 * environment into PocketBase's own: the trusted proxy headers and the scheduled backups. They
 * are set on every start, so the environment wins over edits in the admin UI.
 */
import {
  BACKUP_ENV_NAMES,
  backupSettings,
  checkBilling,
  listenAddresses,
  serveCommand,
  trustedProxyHeaders,
  type BackupEnv,
  type BackupSettings,
} from '../../domain/server-settings.ts';
import { env } from './env.ts';
import { billingEnv, startupReport } from './settings.ts';

function backupEnv(): BackupEnv {
  const values = {} as BackupEnv;
  for (const name of BACKUP_ENV_NAMES) values[name] = env(name);
  return values;
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
  const billing = checkBilling(billingEnv(), {
    listen: listenAddresses(command),
    behindProxy: proxy.headers.length > 0,
    appUrl: env('APP_URL'),
  });
  const backups = backupSettings(backupEnv());
  const errors = [...billing.errors, ...proxy.errors, ...backups.errors];
  if (errors.length > 0) {
    throw new Error(`[adscout] AdScout cannot start: ${errors.join(' ')}`);
  }
  for (const warning of billing.warnings) console.log(`[adscout] WARNING: ${warning}`);

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
  $app.save(settings);

  for (const line of startupReport()) console.log(`[adscout] ${line}`);
  console.log(`[adscout] ${describeBackups(backups.settings)}`);
  if (proxy.headers.length > 0)
    console.log(
      `[adscout] trusted proxy headers: ${proxy.headers.join(', ')} (X-Forwarded-Proto is trusted too)`,
    );
}
