/**
 * Changes to the user's watches (docs/watches.md). Each needs the server: it checks the form's rules,
 * the subscription and the limit, and owns the schedule. What it answers is kept in the local
 * database at once; reads come from there (local-reads.ts, useLocalWatches), offline too.
 */
import { COLLECTIONS, watchSchema, type Watch, type WatchForm } from '../../../domain/index.ts';
import { pb } from '../server/client.ts';
import { keepWatchLocally } from './local-writes.ts';
import { currentSession } from '../server/session.ts';

function parse(record: unknown): Watch {
  const parsed = watchSchema.safeParse(record);
  if (!parsed.success) {
    console.error('[watches] unexpected record shape', parsed.error);
    throw new Error('unexpected watch record');
  }
  return parsed.data;
}

/** Creates a watch; its first run starts within a minute. */
export async function createWatch(form: WatchForm): Promise<Watch> {
  const session = currentSession();
  if (!session) throw new Error('not signed in');
  const watch = parse(await pb.collection(COLLECTIONS.watches).create({ user: session.userId, ...form }));
  await keepWatchLocally(watch.id, watch);
  return watch;
}

/** Changes a watch's fields, or pauses (`active: false`) and resumes it. */
export async function updateWatch(id: string, changes: Partial<WatchForm>): Promise<Watch> {
  const watch = parse(await pb.collection(COLLECTIONS.watches).update(id, changes));
  await keepWatchLocally(id, watch);
  return watch;
}

/** Deletes a watch; its runs and their results stay (the server clears their link to it). */
export async function deleteWatch(id: string): Promise<void> {
  await pb.collection(COLLECTIONS.watches).delete(id);
  await keepWatchLocally(id, null);
}
