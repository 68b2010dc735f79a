/**
 * Sends one push (docs/push.md#sending): `web-push` encrypts the payload for the browser
 * (aes128gcm) and signs the request for the push service (VAPID), and the request goes out here,
 * through the same guard as the archive's fetches (src/worker/net/ssrf-guard.ts): web-push's own
 * sender speaks https only and connects wherever the endpoint's host resolves. The endpoint's host
 * is checked again at every send (the hooks checked its text when it was saved, but a name can
 * resolve to another address since), no redirect is followed, and the answer says what becomes of
 * the push (src/domain/push/push-rules.ts's pushOutcomeOf).
 */
import { Agent, fetch, type Dispatcher } from 'undici';
import webpush from 'web-push';
import type { PushJob, VapidKeys } from '../../domain/push/push-contract.ts';
import {
  PUSH_BODY_MAX_BYTES,
  PUSH_SEND_TIMEOUT_MS,
  pushOutcomeOf,
  retryAfterSeconds,
  type PushOutcome,
} from '../../domain/push/push-rules.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import { guardedAgent, hopAccess, MediaFetchError, type Lookup } from '../net/ssrf-guard.ts';

export interface PushSenderOptions {
  /** MEDIA_FETCH_ALLOW's endpoints, `host:port`: reached whatever their address, http too. */
  allow: readonly string[];
  timeoutMs?: number;
  /** The host name resolver (tests name their own hosts). */
  lookup?: Lookup;
}

export interface SendResult {
  outcome: PushOutcome;
  /** What happened, for the log and the queue (never shown to users). */
  detail: string;
  /** The push service's Retry-After, in seconds, with a `retry`. */
  retryAfterSeconds?: number;
}

export interface PushSender {
  send(job: PushJob, keys: VapidKeys, signal: AbortSignal): Promise<SendResult>;
  close(): Promise<void>;
}

/** The most of a push service's answer kept for the log. */
const DETAIL_MAX = 300;

export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS;
  const trusted = new Set(options.allow);
  const publicAgent = guardedAgent(options.lookup);
  const trustedAgent = new Agent();

  async function post(job: PushJob, keys: VapidKeys, signal: AbortSignal): Promise<SendResult> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } },
        job.payload,
        {
          vapidDetails: keys,
          TTL: job.ttl,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          ...(job.topic ? { topic: job.topic } : {}),
        },
      );
    } catch (error) {
      return { outcome: 'failed', detail: `cannot be encrypted or signed: ${messageOf(error)}` };
    }
    const body = details.body;
    if (body && body.length > PUSH_BODY_MAX_BYTES) {
      return {
        outcome: 'failed',
        detail: `${body.length} bytes, over the ${PUSH_BODY_MAX_BYTES} a push service takes`,
      };
    }
    let url: URL;
    try {
      url = new URL(details.endpoint);
    } catch {
      return { outcome: 'failed', detail: 'the endpoint is not a URL' };
    }
    let dispatcher: Dispatcher;
    try {
      dispatcher = hopAccess(url, trusted) === 'trusted' ? trustedAgent : publicAgent;
    } catch (error) {
      return { outcome: 'failed', detail: `refused: ${messageOf(error)}` };
    }
    // undici sets Content-Length from the body itself
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: body ? new Uint8Array(body) : null,
      redirect: 'manual',
      dispatcher,
      signal,
    });
    const text = await response.text().catch(() => '');
    const outcome = pushOutcomeOf(response.status);
    const detail = `HTTP ${response.status} from ${url.host}${text ? `: ${text.slice(0, DETAIL_MAX)}` : ''}`;
    if (outcome !== 'retry') return { outcome, detail };
    const asked = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
    return { outcome, detail, ...(asked !== undefined ? { retryAfterSeconds: asked } : {}) };
  }

  return {
    async send(job, keys, stop) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([stop, deadline]);
      try {
        return await post(job, keys, signal);
      } catch (error) {
        if (stop.aborted) throw stop.reason;
        if (deadline.aborted) return { outcome: 'retry', detail: `no answer within ${timeoutMs / 1000} s` };
        const cause = (error as { cause?: unknown }).cause;
        // the guarded Agent's lookup refused the host: sending again cannot help
        if (cause instanceof MediaFetchError)
          return { outcome: 'failed', detail: `refused: ${cause.message}` };
        const code = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : '';
        return { outcome: 'retry', detail: `network error: ${messageOf(error)}${code ? ` (${code})` : ''}` };
      }
    },
    async close() {
      await Promise.all([publicAgent.close(), trustedAgent.close()]);
    },
  };
}
