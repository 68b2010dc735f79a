/**
 * The archive pool beside the run loop (docs/creatives.md#the-flow, step 2): up to
 * MEDIA_CONCURRENCY media tasks at once, a task pool (src/worker/task-pool.ts) woken when this
 * worker wrote a run's rows or the server's realtime WORK_TOPIC says so. Each task stops shortly
 * before its lease ends (the server's lease keeps two workers off one file); on stop the tasks in
 * flight are handed back at once.
 */
import type { MediaTask } from '../../domain/media/media-contract.ts';
import { taskPool, type TaskPoolOptions } from '../task-pool.ts';
import type { TaskOutcome } from './archive-task.ts';
import type { MediaServer } from './media-api.ts';

export { LEASE_MARGIN_MS, workTimeMs } from '../task-pool.ts';

export interface ArchivePoolOptions extends Omit<TaskPoolOptions<MediaTask>, 'label' | 'server' | 'work'> {
  server: Pick<MediaServer, 'claim' | 'release'>;
  work(task: MediaTask, signal: AbortSignal): Promise<TaskOutcome>;
}

export function archivePool(options: ArchivePoolOptions): Promise<void> {
  return taskPool({ ...options, label: 'media task' });
}
