/**
 * The text reader's pool beside the run loop and the archive (docs/ai.md#the-text-on-a-creative):
 * up to OCR_CONCURRENCY creatives at once (a task pool, src/worker/task-pool.ts), each read by an
 * OCR child of its own. It claims only while this worker has no run and no archive task in
 * progress (the idle warmer's rule, src/worker/media/idle-warmer.ts), so that reading never slows
 * a run; it looks again when that changes, after the archive's work, on the server's wake-up and
 * at the idle poll. A reading already begun when a run starts goes on, at the lowest priority.
 */
import type { TextTask } from '../../domain/tags/text-contract.ts';
import { wait, type Waker } from '../loop.ts';
import { taskPool, type TaskPoolOptions } from '../task-pool.ts';
import type { TextServer } from './text-api.ts';
import type { TextOutcome } from './text-task.ts';

export interface TextPoolOptions extends Omit<TaskPoolOptions<TextTask>, 'label' | 'server' | 'work'> {
  server: Pick<TextServer, 'claim' | 'release'>;
  work(task: TextTask, signal: AbortSignal): Promise<TextOutcome>;
  /** True while a run or an archive task is in progress in this worker. */
  busy(): boolean;
  /** Fired when `busy()` may have changed. */
  loadChanged: Waker;
}

export function textPool(options: TextPoolOptions): Promise<void> {
  const { server, busy, loadChanged, signal } = options;
  return taskPool({
    ...options,
    label: 'text task',
    server: {
      async claim(limit) {
        while (busy() && !signal.aborted) await wait(options.idlePollMs, signal, loadChanged);
        return signal.aborted ? [] : server.claim(limit);
      },
      release: (taskId) => server.release(taskId),
    },
  });
}
