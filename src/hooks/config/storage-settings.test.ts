import { describe, expect, it } from 'vitest';
import {
  isUploadedFile,
  localFilesLeftBehind,
  STORAGE_ENV_NAMES,
  storageSettings,
  type StorageEnv,
} from './storage-settings.ts';

const empty = Object.fromEntries(STORAGE_ENV_NAMES.map((name) => [name, ''])) as StorageEnv;
const s3 = {
  STORAGE_S3_BUCKET: 'adscout-files',
  STORAGE_S3_REGION: 'eu-central-1',
  STORAGE_S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
  STORAGE_S3_ACCESS_KEY: 'AKIA',
  STORAGE_S3_SECRET: 'secret',
};

describe('storageSettings', () => {
  it('keeps files on disk when no STORAGE_S3_* is set', () => {
    expect(storageSettings(empty)).toEqual({
      settings: {
        enabled: false,
        bucket: '',
        region: '',
        endpoint: '',
        accessKey: '',
        secret: '',
        forcePathStyle: false,
      },
      errors: [],
    });
  });

  it('takes the S3 store from the environment', () => {
    expect(storageSettings({ ...empty, ...s3, STORAGE_S3_FORCE_PATH_STYLE: ' yes ' })).toEqual({
      settings: {
        enabled: true,
        bucket: 'adscout-files',
        region: 'eu-central-1',
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        accessKey: 'AKIA',
        secret: 'secret',
        forcePathStyle: true,
      },
      errors: [],
    });
    expect(storageSettings({ ...empty, ...s3 }).settings.forcePathStyle).toBe(false);
  });

  it('names the missing variables of a partial set, and a bad endpoint', () => {
    expect(storageSettings({ ...empty, STORAGE_S3_BUCKET: 'b', STORAGE_S3_SECRET: 's' }).errors).toEqual([
      'S3 file storage needs STORAGE_S3_REGION, STORAGE_S3_ENDPOINT, STORAGE_S3_ACCESS_KEY as well (or none of the STORAGE_S3_* variables).',
    ]);
    expect(storageSettings({ ...empty, ...s3, STORAGE_S3_ENDPOINT: 's3.amazonaws.com' }).errors).toEqual([
      'STORAGE_S3_ENDPOINT must be an http(s) URL, not "s3.amazonaws.com".',
    ]);
    // the path-style switch alone asks for no store
    expect(storageSettings({ ...empty, STORAGE_S3_FORCE_PATH_STYLE: 'true' }).errors).toEqual([]);
  });
});

describe('isUploadedFile', () => {
  it('tells uploads from the metadata PocketBase keeps beside them on disk', () => {
    expect(isUploadedFile('report_a1b2c3.pdf')).toBe(true);
    expect(isUploadedFile('report_a1b2c3.pdf.attrs')).toBe(false);
  });
});

describe('localFilesLeftBehind', () => {
  const onS3 = storageSettings({ ...empty, ...s3 }).settings;
  const onDisk = storageSettings(empty).settings;

  it('refuses the move to S3 while the local folder holds files, saying how to copy them', () => {
    const message = localFilesLeftBehind(onS3, '/srv/pb_data/storage', 3);
    expect(message).toContain('/srv/pb_data/storage still holds 3 files');
    expect(message).toContain(
      "aws s3 sync /srv/pb_data/storage s3://adscout-files --exclude '*.attrs' --endpoint-url https://s3.eu-central-1.amazonaws.com",
    );
    expect(localFilesLeftBehind(onS3, '/d/storage', 1)).toContain('holds 1 file uploaded');
  });

  it('lets an empty folder, or storage on disk, through', () => {
    expect(localFilesLeftBehind(onS3, '/srv/pb_data/storage', 0)).toBeNull();
    expect(localFilesLeftBehind(onDisk, '/srv/pb_data/storage', 5)).toBeNull();
  });
});
