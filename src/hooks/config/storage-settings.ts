/**
 * Where PocketBase keeps uploaded files: the data dir's `storage` folder, or an S3-compatible
 * store named by STORAGE_S3_* (docs/configuration.md). Written into PocketBase's settings at every
 * start (startup.ts), like the backups (server-settings.ts).
 */

/** The variables of the file storage. */
export const STORAGE_ENV_NAMES = [
  'STORAGE_S3_BUCKET',
  'STORAGE_S3_REGION',
  'STORAGE_S3_ENDPOINT',
  'STORAGE_S3_ACCESS_KEY',
  'STORAGE_S3_SECRET',
  'STORAGE_S3_FORCE_PATH_STYLE',
] as const;

export type StorageEnv = { [name in (typeof STORAGE_ENV_NAMES)[number]]: string };

/** PocketBase's `s3` settings (its file storage). */
export interface StorageSettings {
  enabled: boolean;
  bucket: string;
  region: string;
  endpoint: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
}

const REQUIRED: (keyof StorageEnv)[] = [
  'STORAGE_S3_BUCKET',
  'STORAGE_S3_REGION',
  'STORAGE_S3_ENDPOINT',
  'STORAGE_S3_ACCESS_KEY',
  'STORAGE_S3_SECRET',
];

/** The file storage the environment asks for, and what is wrong with it. */
export function storageSettings(env: StorageEnv): { settings: StorageSettings; errors: string[] } {
  const errors: string[] = [];
  const enabled = REQUIRED.some((name) => env[name].trim() !== '');
  const missing = REQUIRED.filter((name) => env[name].trim() === '');
  if (enabled && missing.length > 0)
    errors.push(
      `S3 file storage needs ${missing.join(', ')} as well (or none of the STORAGE_S3_* variables).`,
    );
  const endpoint = env.STORAGE_S3_ENDPOINT.trim();
  if (enabled && endpoint && !/^https?:\/\/\S+$/i.test(endpoint))
    errors.push(`STORAGE_S3_ENDPOINT must be an http(s) URL, not "${endpoint}".`);
  return {
    settings: {
      enabled,
      bucket: env.STORAGE_S3_BUCKET.trim(),
      region: env.STORAGE_S3_REGION.trim(),
      endpoint,
      accessKey: env.STORAGE_S3_ACCESS_KEY.trim(),
      secret: env.STORAGE_S3_SECRET.trim(),
      forcePathStyle: /^(1|true|yes)$/i.test(env.STORAGE_S3_FORCE_PATH_STYLE.trim()),
    },
    errors,
  };
}

/**
 * PocketBase's disk storage keeps each file's content type and such in a `<file>.attrs` beside it:
 * not an upload, and of no use on S3 (which keeps them with the object).
 */
export function isUploadedFile(name: string): boolean {
  return !name.endsWith('.attrs');
}

/**
 * Why the server must not move its file storage to S3: files uploaded to the data dir's `storage`
 * folder would vanish from the app (PocketBase reads from one place). Null when there are none.
 */
export function localFilesLeftBehind(
  storage: StorageSettings,
  localDir: string,
  localFileCount: number,
): string | null {
  if (!storage.enabled || localFileCount === 0) return null;
  const files = localFileCount === 1 ? '1 file' : `${localFileCount} files`;
  return (
    `STORAGE_S3_* moves file storage to S3, but ${localDir} still holds ${files} uploaded before. ` +
    `Copy that folder's contents into bucket ${storage.bucket} keeping their paths ` +
    `(for example: aws s3 sync ${localDir} s3://${storage.bucket} --exclude '*.attrs' --endpoint-url ${storage.endpoint}), ` +
    `then move ${localDir} out of the data dir and start again; or unset STORAGE_S3_* to keep files on disk.`
  );
}
