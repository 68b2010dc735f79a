/**
 * Archived creatives for browser benchmarks (not timed): distinct image files made as the CDN
 * double makes one per ad (the demo catalogue's renderings, each with a few pixels of its own:
 * perAdCopy), stored as the user's creatives records by the superuser, and the grid's thumbnail
 * of each requested once, as the worker does after an upload (docs/creatives.md#the-flow).
 */
import { createHash } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { THUMB_GRID } from '../../../src/domain/media/creative-limits.ts';
import { demoMediaSources } from '../../../src/demo-library/media.ts';
import { demoMediaType, perAdCopy, renderDemoMedia } from '../../../src/demo-library/media-render.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

/** Files made and stored at once: sharp has its own threads, and PocketBase makes thumbnails. */
const AT_ONCE = 3;

export interface SeededCreatives {
  ids: string[];
  /** The stored files' total size. */
  bytes: number;
}

export async function seedCreatives(
  superuser: PocketBase,
  userId: string,
  count: number,
): Promise<SeededCreatives> {
  const sources = [...demoMediaSources()].filter(([file]) => !file.endsWith('.mp4'));
  const originals = new Map<string, Promise<Buffer>>();
  const original = (file: string) => {
    let bytes = originals.get(file);
    if (!bytes) originals.set(file, (bytes = renderDemoMedia(sources.find(([f]) => f === file)![1])));
    return bytes;
  };
  const ids: string[] = new Array<string>(count);
  let bytes = 0;
  let next = 0;
  const work = async () => {
    for (let i = next++; i < count; i = next++) {
      const [file] = sources[i % sources.length]!;
      const copy = await perAdCopy(file, await original(file), `bench-${i}`);
      const mime = demoMediaType(file);
      const form = new FormData();
      form.set('user', userId);
      form.set('sha256', createHash('sha256').update(copy).digest('hex'));
      form.set('mime', mime);
      form.set('bytes', String(copy.length));
      form.set('file', new Blob([new Uint8Array(copy)], { type: mime }), file);
      const record = await superuser.collection(COLLECTIONS.creatives).create(form, { requestKey: null });
      const thumb = await fetch(superuser.files.getURL(record, record.file as string, { thumb: THUMB_GRID }));
      if (!thumb.ok) throw new Error(`the thumbnail of creative ${record.id} answered ${thumb.status}`);
      await thumb.arrayBuffer();
      ids[i] = record.id;
      bytes += copy.length;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, work));
  return { ids, bytes };
}
