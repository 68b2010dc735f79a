import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPLICA_PATH,
  litestreamConfig,
  litestreamEnv,
  replicaDatabasePath,
  replicaLagSeconds,
  replicaSettings,
  replicaSideFileKey,
} from './replica-settings.ts';

const whole = {
  REPLICA_S3_BUCKET: 'adscout-replica',
  REPLICA_S3_REGION: 'eu-central-1',
  REPLICA_S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
  REPLICA_S3_ACCESS_KEY: 'AKIA',
  REPLICA_S3_SECRET: 'secret',
};

describe('replicaSettings', () => {
  it('is off, without errors, when no REPLICA_S3_* is set', () => {
    const { settings, errors } = replicaSettings({});
    expect(errors).toEqual([]);
    expect(settings.enabled).toBe(false);
  });

  it('names every missing variable of a partial set', () => {
    const { errors } = replicaSettings({ REPLICA_S3_BUCKET: 'b', REPLICA_S3_SECRET: 's' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('REPLICA_S3_REGION, REPLICA_S3_ENDPOINT, REPLICA_S3_ACCESS_KEY');
    expect(errors[0]).not.toContain('REPLICA_S3_BUCKET,');
  });

  it('takes the path in the bucket from REPLICA_S3_PATH, or the default, never from elsewhere', () => {
    expect(replicaSettings(whole).settings.path).toBe(DEFAULT_REPLICA_PATH);
    const { settings, errors } = replicaSettings({ ...whole, REPLICA_S3_PATH: '/prod/adscout/' });
    expect(errors).toEqual([]);
    expect(replicaDatabasePath(settings)).toBe('prod/adscout/data.db');
    expect(replicaSideFileKey(settings, '.adscout-audit-key')).toBe('prod/adscout/files/.adscout-audit-key');
  });

  it('refuses a path that climbs out or has odd characters', () => {
    for (const path of ['a/../b', 'a//b', 'a b', '..'])
      expect(replicaSettings({ ...whole, REPLICA_S3_PATH: path }).errors.join(' ')).toContain(
        'REPLICA_S3_PATH',
      );
  });
});

describe('litestreamConfig', () => {
  it('replicates data.db to the path, with no credential in the file', () => {
    const { settings } = replicaSettings({ ...whole, REPLICA_S3_FORCE_PATH_STYLE: 'true' });
    const yaml = litestreamConfig(settings, '/var/lib/adscout/pb_data/data.db');
    expect(yaml).toContain('path: "/var/lib/adscout/pb_data/data.db"');
    expect(yaml).toContain('path: "adscout/data.db"');
    expect(yaml).toContain('force-path-style: true');
    expect(yaml).not.toContain('secret');
    expect(yaml).not.toContain('AKIA');
  });
});

describe('litestreamEnv', () => {
  it("drops AWS_CA_BUNDLE (0.5.18's S3 client refuses to start with it) and the shell's own AWS credentials", () => {
    const { settings } = replicaSettings(whole);
    const env = litestreamEnv(settings, {
      PATH: '/usr/bin',
      AWS_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
      AWS_ACCESS_KEY_ID: 'someone-else',
      AWS_PROFILE: 'prod',
      LOG_LEVEL: 'ERROR',
      REPLICA_S3_SECRET: 'secret',
      SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
      AWS_ACCESS_KEY_ID: 'AKIA',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_REGION: 'eu-central-1',
    });
  });
});

describe('replicaLagSeconds', () => {
  it('is 0 with nothing waiting, else the age of the oldest change not uploaded', () => {
    expect(replicaLagSeconds(null, 10_000)).toBe(0);
    expect(replicaLagSeconds(4_000, 10_000)).toBe(6);
    expect(replicaLagSeconds(12_000, 10_000)).toBe(0);
  });
});
