/**
 * What the local-first data layer's integration tests share (local-sync.test.ts,
 * local-sync-outbox.test.ts): runs and result rows stored as the worker stores them, the rows the
 * local database holds, and a client that can be cut off as if the network were gone.
 */
import type PocketBase from 'pocketbase';
import type { SearchResult } from '../../src/domain/index.ts';
import type { LocalDb } from '../../src/web/data/local/local-db.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { createRun } from '../fixtures/records.ts';
import type { TestUser } from './harness.ts';

let adCounter = 0;

/** A completed run of the user's searching for gadgets, named `name`, started and finished at `startedAt`. */
export async function gadgetRun(
  superuser: PocketBase,
  user: TestUser,
  name: string,
  startedAt: string,
): Promise<string> {
  const run = await createRun(superuser, user.id, {
    search_name: name,
    facebook_link: 'https://www.facebook.com/ads/library/?q=gadget',
    keywords_used: 'gadget',
    requested_count: 1000,
    started_at: startedAt,
    finished_at: startedAt,
  });
  return run.id;
}

/** Stores `count` result rows for a run, as the worker would (500 per batch request). */
export async function seedResults(
  superuser: PocketBase,
  user: TestUser,
  runId: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < count; offset += 500) {
    const batch = superuser.createBatch();
    for (let i = offset; i < Math.min(count, offset + 500); i++) {
      adCounter += 1;
      batch.collection(COLLECTIONS.searchResults).create({
        run: runId,
        user: user.id,
        ad_id: `ad-${adCounter}`,
        active_status: 'Active',
        keywords: 'gadget',
        country: 'US',
        reach: adCounter,
        store_name: `Store ${adCounter % 37}`,
        title: `Gadget number ${adCounter}`,
        body: `Body of ad ${adCounter}`,
        platforms: 'FACEBOOK, INSTAGRAM',
        page_profile_url: 'https://www.facebook.com/store',
        start_date: '2026-10-01 00:00:00.000Z',
        format: 'VIDEO',
        media_url: `https://video.example/${adCounter}.mp4`,
        media_poster_url: `https://video.example/${adCounter}.jpg`,
        card_count: adCounter % 5,
      });
    }
    const results = await batch.send();
    for (const result of results) ids.push((result.body as { id: string }).id);
  }
  return ids;
}

export async function localRows(db: LocalDb): Promise<SearchResult[]> {
  return (await db.results.toArray()).flatMap((chunk) => chunk.rows);
}

/** A client of `user` whose requests can be cut off as if the network were gone. */
export function switchableClient(user: TestUser): { pb: PocketBase; setOffline(offline: boolean): void } {
  let offline = false;
  const pb = user.pb;
  pb.beforeSend = (url, options) => {
    if (offline) options.signal = AbortSignal.abort();
    return { url, options };
  };
  return { pb, setOffline: (value) => (offline = value) };
}
