// One object in an S3-compatible bucket, read and written with AWS Signature Version 4 over
// fetch: the replica's small side files (the audit key, the accounts' files; scripts/lib/replica.mjs).
// Litestream moves the database itself; these few kilobytes need no SDK.
import { createHash, createHmac } from 'node:crypto';

/**
 * @typedef {object} S3Target
 * @property {string} bucket
 * @property {string} region
 * @property {string} endpoint http(s) URL of the service
 * @property {string} accessKey
 * @property {string} secret
 * @property {boolean} forcePathStyle
 */

/** @param {string | Buffer} data */
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
/** @param {string | Buffer} key @param {string} data */
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it. @param {string} segment */
function encodeSegment(segment) {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The URL of `key` in the bucket: path style (`endpoint/bucket/key`) or virtual-host style.
 * @param {S3Target} target
 * @param {string} key
 */
export function objectUrl(target, key) {
  const base = new URL(target.endpoint);
  const path = key.split('/').map(encodeSegment).join('/');
  if (target.forcePathStyle) {
    const prefix = base.pathname.replace(/\/+$/, '');
    return new URL(`${base.protocol}//${base.host}${prefix}/${encodeSegment(target.bucket)}/${path}`);
  }
  return new URL(`${base.protocol}//${target.bucket}.${base.host}/${path}`);
}

/**
 * A signed request for one object.
 * @param {S3Target} target
 * @param {'GET' | 'PUT'} method
 * @param {string} key
 * @param {Buffer} [body]
 * @param {Date} [now]
 * @returns {{ url: URL; headers: Record<string, string> }}
 */
export function signedRequest(target, method, key, body = Buffer.alloc(0), now = new Date()) {
  const url = objectUrl(target, key);
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body);
  /** @type {Record<string, string>} */
  const headers = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const names = Object.keys(headers).sort();
  const canonical = [
    method,
    url.pathname,
    '',
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${target.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${target.secret}`, day), target.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${target.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  delete headers.host; // fetch sets it, from the URL
  return { url, headers };
}

/**
 * Writes one object.
 * @param {S3Target} target
 * @param {string} key
 * @param {Buffer} body
 */
export async function putObject(target, key, body) {
  const { url, headers } = signedRequest(target, 'PUT', key, body);
  const response = await fetch(url, { method: 'PUT', headers, body });
  if (!response.ok)
    throw new Error(
      `S3 PUT ${key} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
}

/**
 * Reads one object; null when there is none.
 * @param {S3Target} target
 * @param {string} key
 * @returns {Promise<Buffer | null>}
 */
export async function getObject(target, key) {
  const { url, headers } = signedRequest(target, 'GET', key);
  const response = await fetch(url, { headers });
  if (response.status === 404) return null;
  if (!response.ok)
    throw new Error(
      `S3 GET ${key} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  return Buffer.from(await response.arrayBuffer());
}
