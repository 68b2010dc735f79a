/**
 * A job's heartbeat (docs/pipeline.md#claiming-a-run-leases): every `intervalMs` it sends one beat,
 * which extends the run's lease and reports its progress. A beat that fails (the network, a busy
 * server) is logged and is no loss: the next one may pass before the lease expires. A beat the
 * server answers "not yours" is: `onLost` is called, once.
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
  const beat = async () => {
    const ours = await options.send().catch((error: unknown) => {
      options.log(`heartbeat for ${options.runId} failed: ${messageOf(error)}`);
      return true;
    });
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
