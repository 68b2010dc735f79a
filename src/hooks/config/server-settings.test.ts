import { describe, expect, it } from 'vitest';
import {
  BACKUP_ENV_NAMES,
  backupSettings,
  billingModeOf,
  checkBilling,
  isLoopbackAddress,
  listenAddresses,
  publicDirOf,
  serveCommand,
  trustedProxyHeaders,
  type BackupEnv,
} from './server-settings.ts';

const BIN = '/srv/adscout/.bin/pocketbase';

describe('serveCommand and listenAddresses', () => {
  it.each([
    [['serve'], ['127.0.0.1:8090']],
    [['serve', '--http', '0.0.0.0:8090'], ['0.0.0.0:8090']],
    [['serve', '--http=127.0.0.1:9000', '--dir', '/data'], ['127.0.0.1:9000']],
    [['--dir', '/data', 'serve', '--hooksWatch=false', '--http', '[::1]:8090'], ['[::1]:8090']],
    [
      ['serve', 'adscout.example.com'],
      ['0.0.0.0:80', '0.0.0.0:443'],
    ],
    [
      ['serve', 'adscout.example.com', '--http', '127.0.0.1:80'],
      ['127.0.0.1:80', '0.0.0.0:443'],
    ],
    [
      ['serve', '--https', '127.0.0.1:8443'],
      ['127.0.0.1:8090', '127.0.0.1:8443'],
    ],
    [
      ['serve', '--dev', '--origins', 'https://a.test', '--', 'example.com'],
      ['0.0.0.0:80', '0.0.0.0:443'],
    ],
  ])('%j listens on %j', (args, expected) => {
    const command = serveCommand([BIN, ...args]);
    expect(command).not.toBeNull();
    expect(listenAddresses(command!)).toEqual(expected);
  });

  it('knows the directory the built app is served from', () => {
    expect(publicDirOf(serveCommand([BIN, 'serve', '--publicDir', '/srv/dist'])!, [BIN])).toBe('/srv/dist');
    expect(publicDirOf(serveCommand([BIN, 'serve', '--publicDir=dist'])!, [BIN])).toBe('dist');
    const bin = '/opt/adscout/pocketbase';
    expect(publicDirOf(serveCommand([bin, 'serve'])!, [bin])).toBe('/opt/adscout/pb_public');
  });

  it('is null for commands that do not serve', () => {
    expect(serveCommand([BIN, 'superuser', 'upsert', 'a@b.test', 'serve'])).toBeNull();
    expect(serveCommand([BIN, 'migrate', '--dir', 'serve'])).toBeNull();
    expect(serveCommand([BIN])).toBeNull();
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1:8090', true],
    ['127.4.5.6:80', true],
    ['localhost:8090', true],
    ['LOCALHOST:1', true],
    ['[::1]:8090', true],
    ['[0:0:0:0:0:0:0:1]:8090', true],
    ['[::ffff:127.0.0.1]:8090', true],
    ['0.0.0.0:8090', false],
    [':8090', false],
    ['[::]:8090', false],
    ['192.168.1.5:8090', false],
    ['198.51.100.7:8090', false],
    ['128.0.0.1:8090', false],
    ['127.0.0.256:8090', false],
    ['adscout.example.com:80', false],
    ['localhost.example.com:80', false],
  ])('%s → %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});

describe('billing mode', () => {
  const none = { billing: '', stripeSecretKey: '', stripeWebhookSecret: '' };
  const stripe = { billing: '', stripeSecretKey: 'sk_live_x', stripeWebhookSecret: 'whsec_x' };
  const on = (...listen: string[]) => ({ listen, behindProxy: false, appUrl: '' });

  it('is stripe with a key, local without, and ADSCOUT_BILLING wins', () => {
    expect(billingModeOf(none)).toBe('local');
    expect(billingModeOf(stripe)).toBe('stripe');
    expect(billingModeOf({ ...stripe, billing: 'local' })).toBe('local');
    expect(billingModeOf({ ...none, billing: ' Stripe ' })).toBe('stripe');
  });

  it('runs the local checkout on loopback without being asked', () => {
    expect(checkBilling(none, on('127.0.0.1:8090'))).toEqual({ mode: 'local', errors: [], warnings: [] });
    expect(checkBilling(none, on('localhost:8090', '[::1]:8443')).errors).toEqual([]);
  });

  it('refuses to start on a public address without Stripe settings, naming both variables', () => {
    for (const listen of [['0.0.0.0:8090'], ['127.0.0.1:8090', '0.0.0.0:443'], [':8090']]) {
      const check = checkBilling(none, on(...listen));
      expect(check.errors).toHaveLength(1);
      expect(check.errors[0]).toContain('ADSCOUT_BILLING');
      expect(check.errors[0]).toContain('STRIPE_SECRET_KEY');
      expect(check.errors[0]).toContain(listen.find((a) => !a.startsWith('127.'))!);
    }
  });

  it('counts a proxy in front and a public APP_URL as public too', () => {
    const behindProxy = checkBilling(none, { ...on('127.0.0.1:8090'), behindProxy: true });
    expect(behindProxy.errors).toEqual([expect.stringMatching(/TRUSTED_PROXY_HEADERS says a reverse proxy/)]);
    const appUrl = checkBilling(none, { ...on('127.0.0.1:8090'), appUrl: 'https://adscout.example.com' });
    expect(appUrl.errors).toEqual([
      expect.stringMatching(/APP_URL \(https:\/\/adscout\.example\.com\) is not a loopback address/),
    ]);
    expect(checkBilling(none, { ...on('127.0.0.1:8090'), appUrl: 'http://localhost:5173' }).errors).toEqual(
      [],
    );
    expect(checkBilling(none, { ...on('127.0.0.1:8090'), appUrl: 'http://127.0.0.1:8090' }).errors).toEqual(
      [],
    );
  });

  it('runs the local checkout on a public address only when asked, with a warning', () => {
    const check = checkBilling({ ...none, billing: 'local' }, on('0.0.0.0:8090'));
    expect(check.mode).toBe('local');
    expect(check.errors).toEqual([]);
    expect(check.warnings.join(' ')).toMatch(/anyone who can reach it can give themselves any plan/);
  });

  it('warns when ADSCOUT_BILLING=local overrides a Stripe key', () => {
    const check = checkBilling({ ...stripe, billing: 'local' }, on('127.0.0.1:8090'));
    expect(check).toMatchObject({ mode: 'local', errors: [] });
    expect(check.warnings).toEqual([expect.stringContaining('overrides STRIPE_SECRET_KEY')]);
  });

  it('needs the key and the webhook secret in Stripe mode, explicit or implied, on any address', () => {
    expect(checkBilling(stripe, on('0.0.0.0:8090'))).toEqual({ mode: 'stripe', errors: [], warnings: [] });
    expect(checkBilling({ ...stripe, stripeWebhookSecret: '' }, on('127.0.0.1:8090')).errors).toEqual([
      expect.stringMatching(/needs STRIPE_WEBHOOK_SECRET/),
    ]);
    expect(checkBilling({ ...none, billing: 'stripe' }, on('127.0.0.1:8090')).errors).toEqual([
      expect.stringMatching(/^ADSCOUT_BILLING=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/),
    ]);
  });

  it('refuses an unknown mode', () => {
    expect(checkBilling({ ...stripe, billing: 'free' }, on('127.0.0.1:8090')).errors).toEqual([
      'ADSCOUT_BILLING must be "stripe" or "local", not "free".',
    ]);
  });
});

describe('backupSettings', () => {
  const empty = Object.fromEntries(BACKUP_ENV_NAMES.map((name) => [name, ''])) as BackupEnv;
  const s3 = {
    BACKUP_S3_BUCKET: 'adscout-backups',
    BACKUP_S3_REGION: 'eu-central-1',
    BACKUP_S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
    BACKUP_S3_ACCESS_KEY: 'AKIA',
    BACKUP_S3_SECRET: 'secret',
  };

  it('backs up daily at 03:00 UTC and keeps 7, on the server’s disk, by default', () => {
    expect(backupSettings(empty)).toEqual({
      settings: {
        cron: '0 3 * * *',
        cronMaxKeep: 7,
        s3: {
          enabled: false,
          bucket: '',
          region: '',
          endpoint: '',
          accessKey: '',
          secret: '',
          forcePathStyle: false,
        },
      },
      errors: [],
    });
  });

  it('takes the schedule, the count and S3 storage from the environment', () => {
    const { settings, errors } = backupSettings({
      ...empty,
      ...s3,
      BACKUP_CRON: ' 30  */6 * * 1-5 ',
      BACKUP_MAX_KEEP: '14',
      BACKUP_S3_FORCE_PATH_STYLE: 'true',
    });
    expect(errors).toEqual([]);
    expect(settings).toEqual({
      cron: '30 */6 * * 1-5',
      cronMaxKeep: 14,
      s3: {
        enabled: true,
        bucket: 'adscout-backups',
        region: 'eu-central-1',
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        accessKey: 'AKIA',
        secret: 'secret',
        forcePathStyle: true,
      },
    });
    expect(backupSettings({ ...empty, BACKUP_CRON: 'off' }).settings.cron).toBe('');
  });

  it('says what is wrong', () => {
    expect(backupSettings({ ...empty, BACKUP_CRON: 'daily' }).errors).toEqual([
      expect.stringMatching(/^BACKUP_CRON must be a five-field cron expression/),
    ]);
    expect(backupSettings({ ...empty, BACKUP_MAX_KEEP: '0' }).errors).toEqual([
      expect.stringMatching(/^BACKUP_MAX_KEEP must be a whole number/),
    ]);
    expect(backupSettings({ ...empty, BACKUP_S3_BUCKET: 'b' }).errors).toEqual([
      'S3 backups need BACKUP_S3_REGION, BACKUP_S3_ENDPOINT, BACKUP_S3_ACCESS_KEY, BACKUP_S3_SECRET as well (or none of the BACKUP_S3_* variables).',
    ]);
    expect(backupSettings({ ...empty, ...s3, BACKUP_S3_ENDPOINT: 's3.amazonaws.com' }).errors).toEqual([
      expect.stringMatching(/^BACKUP_S3_ENDPOINT must be an http\(s\) URL/),
    ]);
  });
});

describe('trustedProxyHeaders', () => {
  it('splits, trims and de-duplicates header names', () => {
    expect(trustedProxyHeaders('')).toEqual({ headers: [], errors: [] });
    expect(trustedProxyHeaders(' X-Forwarded-For , x-forwarded-for,X-Real-IP ')).toEqual({
      headers: ['X-Forwarded-For', 'X-Real-IP'],
      errors: [],
    });
    expect(trustedProxyHeaders('X Forwarded').errors).toHaveLength(1);
  });
});
