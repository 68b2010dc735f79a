/**
 * An S3-compatible store named by five variables with one prefix (`<PREFIX>_BUCKET`, `_REGION`,
 * `_ENDPOINT`, `_ACCESS_KEY`, `_SECRET`, and the optional `_FORCE_PATH_STYLE`): the scheduled
 * backups' (BACKUP_S3, src/hooks/config/server-settings.ts), the file storage's (STORAGE_S3,
 * src/hooks/config/storage-settings.ts) and the database replica's (REPLICA_S3, replica-settings.ts,
 * read by the hooks and by `npm start` / `npm run restore`). All five or none; PocketBase's `s3`
 * settings take the same shape for the first two.
 */

export type S3Prefix = 'BACKUP_S3' | 'STORAGE_S3' | 'REPLICA_S3';

/** PocketBase's `s3` settings (of its backups, or of its file storage). */
export interface S3Settings {
  enabled: boolean;
  bucket: string;
  region: string;
  endpoint: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
}

/** The variables of a prefix, the required ones first. */
export function s3EnvNames<P extends S3Prefix>(prefix: P) {
  return [
    `${prefix}_BUCKET`,
    `${prefix}_REGION`,
    `${prefix}_ENDPOINT`,
    `${prefix}_ACCESS_KEY`,
    `${prefix}_SECRET`,
    `${prefix}_FORCE_PATH_STYLE`,
  ] as const;
}

/**
 * The store the variables of `prefix` name, and what is wrong with them; `what` names the store in
 * the message ("S3 backups need …", "S3 file storage needs …").
 */
export function s3Settings(
  env: Readonly<Record<string, string>>,
  prefix: S3Prefix,
  what: string,
): { settings: S3Settings; errors: string[] } {
  const value = (suffix: string) => (env[`${prefix}_${suffix}`] ?? '').trim();
  const required = s3EnvNames(prefix).slice(0, 5);
  const enabled = required.some((name) => (env[name] ?? '').trim() !== '');
  const missing = required.filter((name) => (env[name] ?? '').trim() === '');
  const errors: string[] = [];
  if (enabled && missing.length > 0)
    errors.push(`${what} ${missing.join(', ')} as well (or none of the ${prefix}_* variables).`);
  const endpoint = value('ENDPOINT');
  if (enabled && endpoint && !/^https?:\/\/\S+$/i.test(endpoint))
    errors.push(`${prefix}_ENDPOINT must be an http(s) URL, not "${endpoint}".`);
  return {
    settings: {
      enabled,
      bucket: value('BUCKET'),
      region: value('REGION'),
      endpoint,
      accessKey: value('ACCESS_KEY'),
      secret: value('SECRET'),
      forcePathStyle: /^(1|true|yes)$/i.test(value('FORCE_PATH_STYLE')),
    },
    errors,
  };
}
