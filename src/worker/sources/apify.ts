/**
 * The Apify source (docs/ad-sources.md#the-apify-actor): one actor run per query, through the
 * actor client (apify-actor.ts), then its default dataset read page by page. Items are yielded
 * exactly as the actor stored them. This file is the paging: the cursor, the offsets and the
 * Library total each page carries; the HTTP, the run's lifecycle and its errors are the client's.
 *
 * A page's cursor is `apify1:<runId>:<datasetId>:<offset>`: a run resumed with it waits for the
 * same actor run and reads its dataset from that offset instead of starting (and paying for) a new
 * run.
 *
 * A look-up by id (types.ts, AdLookupSource) is one actor run over the ads' own Ad Library pages
 * (apify-input.ts), at most APIFY_LOOKUP_MAX_IDS ids, whose dataset is read whole.
 */
import { countOrNull, readField } from '../../domain/ads/normalize/raw-access.ts';
import {
  createApifyActorClient,
  runFailureOf,
  type ApifyActorOptions,
  type ApifyRun,
} from './apify-actor.ts';
import { APIFY_LOOKUP_MAX_IDS, apifyLookupRun, apifySearchRun, lookupIds } from './apify-input.ts';
import { answersFor, idsToLookUp } from './lookup.ts';
import { SourceError, type AdLookup, type AdSource, type SourcePage, type SourceQuery } from './types.ts';

export interface ApifySourceOptions extends ApifyActorOptions {
  /** Dataset items per request. */
  datasetPageSize?: number;
}

const CURSOR = /^apify1:([A-Za-z0-9]+):([A-Za-z0-9]+):(\d+)$/;

/**
 * The search's result count the actor writes on every item (`total`: how many ads the Library
 * holds for the link, docs/ad-sources.md#the-actors-output), the largest on the page; null when no
 * item carries one. Not the dataset's size (x-apify-pagination-total), which is what was scraped.
 */
export function libraryTotalOf(items: readonly unknown[]): number | null {
  let total: number | null = null;
  for (const item of items) {
    const n = countOrNull(readField(item, 'total'));
    if (n !== null && (total === null || n > total)) total = n;
  }
  return total;
}

export function createApifySource(options: ApifySourceOptions): AdSource {
  const pageSize = options.datasetPageSize ?? 200;
  const actor = createApifyActorClient(options);
  const { log } = actor;
  const now = options.now ?? Date.now;

  /** Every item of a look-up's dataset: a few pages at most, since maxItems caps it at the ids asked. */
  async function allItems(datasetId: string, signal: AbortSignal): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let offset = 0; ;) {
      const page = await actor.readItems(datasetId, offset, pageSize, signal);
      items.push(...page.items);
      offset += page.total !== null ? pageSize : page.items.length;
      if (page.total !== null ? offset >= page.total : page.items.length === 0) return items;
    }
  }

  async function lookUp(
    _query: SourceQuery,
    ids: readonly string[],
    signal: AbortSignal,
  ): Promise<AdLookup[]> {
    const wanted = lookupIds(idsToLookUp(ids, APIFY_LOOKUP_MAX_IDS, 'apify'));
    if (wanted.length === 0) return [];
    const run = await actor.waitForRun(await actor.startRun(apifyLookupRun(wanted), signal), signal);
    // A failed run's dataset may hold some of the ads; the caller hears of the failure instead
    // (and counts the ads as not seen), rather than a partial answer that looks whole.
    const failure = runFailureOf(run);
    if (failure) throw failure;
    const answers = answersFor(wanted, await allItems(run.defaultDatasetId, signal), now());
    log(`apify: looked up ${wanted.length} ads by id, ${answers.length} found`);
    return answers;
  }

  return {
    name: 'apify',
    async *pages(query, { signal, cursor }): AsyncIterable<SourcePage> {
      const limit = Math.max(0, Math.floor(query.limit));
      if (limit === 0) return;
      if (!query.libraryUrl && !cursor) {
        throw new SourceError(
          'apify: the query has no Ad Library link',
          'The Apify ad source needs a Facebook Ad Library link.',
          true,
        );
      }
      const resumed = cursor ? CURSOR.exec(cursor) : null;
      let run: ApifyRun;
      let offset = 0;
      if (resumed) {
        run = { id: resumed[1]!, defaultDatasetId: resumed[2]!, status: '', statusMessage: '' };
        offset = Number(resumed[3]);
        log(`apify: resuming run ${run.id} at dataset offset ${offset}`);
      } else {
        run = await actor.startRun(apifySearchRun(query), signal);
      }
      run = await actor.waitForRun(run, signal);
      const failure = runFailureOf(run);
      if (failure) log(`${failure.message}; keeping the ads it collected`);

      // A failed run may still have stored ads (paid for); hand them over before failing.
      let yielded = 0;
      while (yielded < limit) {
        const want = Math.min(pageSize, limit - yielded);
        const { items, total } = await actor.readItems(run.defaultDatasetId, offset, want, signal);
        // With clean=true the server may skip empty items, so advance by the page asked for when
        // the total is known; without it, by what arrived.
        offset += total !== null ? want : items.length;
        const page = items.slice(0, limit - yielded);
        yielded += page.length;
        if (page.length > 0) {
          const libraryTotal = libraryTotalOf(page);
          yield {
            items: page,
            cursor: `apify1:${run.id}:${run.defaultDatasetId}:${offset}`,
            ...(libraryTotal === null ? {} : { libraryTotal }),
          };
        }
        if (total !== null ? offset >= total : items.length === 0) break;
      }
      if (failure) throw failure;
    },
    lookup: {
      maxIds: APIFY_LOOKUP_MAX_IDS,
      ads: (query, ids, { signal }) => lookUp(query, ids, signal),
    },
  };
}
