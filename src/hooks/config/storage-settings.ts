/**
 * Where PocketBase keeps uploaded files: the data dir's `storage` folder, or an S3-compatible
 * store named by STORAGE_S3_* (docs/configuration.md). Written into PocketBase's settings at every
 * start (startup.ts), like the backups (server-settings.ts).
 */
import { s3EnvNames, s3Settings, type S3Settings } from '../../domain/config/s3-settings.ts';

/** The variables of the file storage. */
export const STORAGE_ENV_NAMES = s3EnvNames('STORAGE_S3');

export type StorageEnv = { [name in (typeof STORAGE_ENV_NAMES)[number]]: string };

/** PocketBase's `s3` settings (its file storage). */
export type StorageSettings = S3Settings;

/** The file storage the environment asks for, and what is wrong with it. */
export function storageSettings(env: StorageEnv): { settings: StorageSettings; errors: string[] } {
  return s3Settings(env, 'STORAGE_S3', 'S3 file storage needs');
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
