/**
 * A job's heartbeat (docs/pipeline.md#claiming-a-run-leases): every `intervalMs` it sends one beat,
 * which extends the run's lease and reports its progress. A beat that fails (the network, a busy
 * server) is logged and is no loss: the next one may pass before the lease expires. A beat the
 * server answers "not yours" is: `onLost` is called, once.
 *
 * One beat in flight at a time: a tick that finds the last beat still waiting sends nothing. A
 * server slowed down (a long write, a busy machine) would otherwise get a new beat every interval
 * on top of the ones it has not answered; each waits for SQLite's one writer in a JS VM of its
 * own, and PocketBase, out of pooled VMs, builds a new one for each: a crash test saw hundreds
 * pile up and the server grow by gigabytes (src/worker/heartbeat.test.ts).
 */
import { messageOf } from '../domain/text/error-message.ts';

export interface HeartbeatOptions {
  runId: string;
  intervalMs: number;
  /** Sends one beat; true while the worker holds the lease (WorkerApi.heartbeat). */
  send(): Promise<boolean>;
  /** The first time a beat says the lease is gone. */
  onLost(): void;
  log(message: string): void;
}

export interface Heartbeat {
  /** True once a beat said the lease is gone. */
  readonly lost: boolean;
  /** No beat after this one; a beat already sent still reports its answer. */
  stop(): void;
}

export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  let lost = false;
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    const ours = await options
      .send()
      .catch((error: unknown) => {
        options.log(`heartbeat for ${options.runId} failed: ${messageOf(error)}`);
        return true;
      })
      .finally(() => (beating = false));
    if (!ours && !lost) {
      lost = true;
      options.onLost();
    }
  };
  const timer = setInterval(() => void beat(), options.intervalMs);
  return {
    get lost() {
      return lost;
    },
    stop: () => clearInterval(timer),
  };
}
