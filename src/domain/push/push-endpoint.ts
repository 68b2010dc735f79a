/**
 * What a browser may save as its push subscription (docs/push.md#subscriptions): an endpoint the
 * server will later POST to, and the browser's two keys. The endpoint comes from the browser, so
 * it may name anything: it must be an `https:` link to a host that is not a private address
 * written literally (nor `localhost`), unless MEDIA_FETCH_ALLOW names its `host:port` (then
 * `http:` and a private address are allowed, as for the archive's fetches). The hooks check it
 * here when it is saved, without resolving anything; the worker's guard checks the host again,
 * resolved, every time it sends (src/worker/net/ssrf-guard.ts).
 */
import * as z from 'zod/mini';
import { PRODUCT_MESSAGES } from '../forms/messages.ts';
import { parseUrlEndpoint } from '../net/endpoint.ts';
import { isPublicAddress } from '../net/public-address.ts';
import { PUSH_ENDPOINT_MAX } from './push-rules.ts';

/**
 * The browser's keys as PushSubscription.toJSON() gives them, base64url without padding: p256dh
 * an uncompressed P-256 point (65 bytes, 0x04 first), auth 16 bytes. The migration holds the same
 * patterns (pb_migrations/1795301110_create_push_subscriptions.js).
 */
export const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
export const AUTH_PATTERN = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/** Why `endpoint` may not be saved, or null. `allow` is MEDIA_FETCH_ALLOW's `host:port` list. */
export function pushEndpointRefusal(endpoint: string, allow: readonly string[]): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX) return PRODUCT_MESSAGES.pushEndpointRefused;
  const parsed = parseUrlEndpoint(endpoint);
  if (!parsed || parsed.credentials) return PRODUCT_MESSAGES.pushEndpointRefused;
  if (allow.includes(parsed.endpoint)) return null;
  if (parsed.protocol !== 'https') return PRODUCT_MESSAGES.pushEndpointRefused;
  if (parsed.kind !== 'domain' && !isPublicAddress(parsed.hostname)) {
    return PRODUCT_MESSAGES.pushEndpointRefused;
  }
  const host = parsed.hostname.replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return PRODUCT_MESSAGES.pushEndpointRefused;
  return null;
}

/** A push subscription as the browser sends it (the owner is the session's, never the body's). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string(PRODUCT_MESSAGES.pushEndpointRefused),
  p256dh: z
    .string(PRODUCT_MESSAGES.pushKeysRefused)
    .check(z.regex(P256DH_PATTERN, PRODUCT_MESSAGES.pushKeysRefused)),
  auth: z
    .string(PRODUCT_MESSAGES.pushKeysRefused)
    .check(z.regex(AUTH_PATTERN, PRODUCT_MESSAGES.pushKeysRefused)),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
