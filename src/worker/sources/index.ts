/** Builds the configured ad source (docs/pipeline.md#sources, docs/configuration.md). */
import type { SourceSettings } from '../config.ts';
import type { HttpDeps, RetryPolicy } from '../net/http.ts';
import { createApifySource } from './apify.ts';
import { createDemoSource } from './demo.ts';
import { createMetaSource } from './meta.ts';
import { SourceConfigError, type AdSource } from './types.ts';

export { SourceConfigError, SourceError } from './types.ts';
export type { AdLookup, AdLookupSource, AdSource, SourcePage, SourceQuery } from './types.ts';

/** Optional seams: a logger for retries and notices, and clocks for tests. */
export interface SourceDeps extends Partial<Omit<HttpDeps, 'fetch'>> {
  policy?: Partial<RetryPolicy>;
}

/**
 * The source that `settings.source` names. A source without its token throws a
 * SourceConfigError here, at start-up, rather than failing every run later.
 */
export function createSource(
  settings: SourceSettings,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  deps: SourceDeps = {},
): AdSource {
  switch (settings.source) {
    case 'apify':
      if (!settings.apifyToken) {
        throw new SourceConfigError('SCOUT_SOURCE=apify needs APIFY_TOKEN (an Apify API token)');
      }
      return createApifySource({
        ...deps,
        fetch: fetchImpl,
        token: settings.apifyToken,
        actor: settings.apifyActor,
        baseUrl: settings.apifyBaseUrl,
      });
    case 'meta':
      if (!settings.metaAccessToken) {
        throw new SourceConfigError(
          'SCOUT_SOURCE=meta needs META_ACCESS_TOKEN (a user access token of an identity-confirmed account)',
        );
      }
      return createMetaSource({
        ...deps,
        fetch: fetchImpl,
        accessToken: settings.metaAccessToken,
        graphBase: settings.metaGraphBase,
      });
    default:
      return createDemoSource({
        paceMs: settings.demoPaceMs,
        mediaBase: settings.demoMediaBase,
        daySeconds: settings.demoDaySeconds,
        ...(deps.now ? { now: deps.now } : {}),
        ...(deps.sleep ? { sleep: deps.sleep } : {}),
      });
  }
}
