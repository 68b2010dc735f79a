/**
 * The public origin at start-up: a server others can reach (publicExposure: a listen address
 * beyond loopback, a trusted proxy in front, a public APP_URL) must be told its origin. Without
 * APP_URL the links the server builds — Stripe's success, cancel and return pages, robots.txt and
 * sitemap.xml (cached for an hour) — would come from the Host header, which any client writes.
 * Pure: the hooks pass in the exposure.
 */
import { parseHttpUrl } from '../../domain/text/url.ts';
import { publicExposure, type Exposure } from './server-settings.ts';

/** Why the server must not start with this APP_URL; empty when it may. */
export function checkAppUrl(exposure: Exposure): string[] {
  const app = exposure.appUrl.trim();
  if (app) return parseHttpUrl(app) ? [] : [`APP_URL must be an http(s) URL, not "${app}".`];
  const reasons = publicExposure(exposure);
  if (reasons.length === 0) return [];
  return [
    `Refusing to start: ${reasons.join('; ')}, and APP_URL is not set. Set APP_URL to the address users open (e.g. https://adscout.example.com): the links this server builds (Stripe's return pages, robots.txt, sitemap.xml) use it, never the Host header a client sends.`,
  ];
}
