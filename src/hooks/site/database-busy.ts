/**
 * A request whose write found data.db locked by another process answers 503 with Retry-After,
 * not PocketBase's 400. With a database replica, Litestream beside PocketBase takes the write lock
 * for its checkpoints (docs/going-live.md#the-continuous-replica): a write that waits for it past
 * the busy timeout, or a transaction that read before it, gets SQLite's BUSY. The transaction
 * rolled back whole, so the request can be sent again: the worker's client (src/worker/api.ts)
 * retries a 5xx, where a 400 would fail the run. The log keeps the detail.
 */
import { PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';

const BUSY = /database is locked|SQLITE_BUSY/i;
/** Seconds a client waits before sending again: about one of Litestream's checkpoints. */
const RETRY_AFTER_SECONDS = 1;

/** The texts an error thrown through e.next() carries: the JS error's, its Go error's, and an ApiError's cause. */
function texts(error: unknown): string[] {
  const out: string[] = [];
  const add = (read: () => unknown) => {
    try {
      const value = read();
      if (value !== undefined && value !== null) out.push(String(value));
    } catch (_) {
      // a shape this error does not have
    }
  };
  const thrown = error as {
    message?: unknown;
    value?: { error?: () => unknown; rawData?: () => { error?: () => unknown } | unknown };
  } | null;
  add(() => thrown);
  add(() => thrown?.message);
  add(() => thrown?.value?.error?.());
  add(() => {
    const raw = thrown?.value?.rawData?.() as { error?: () => unknown } | undefined;
    return typeof raw?.error === 'function' ? raw.error() : raw;
  });
  return out;
}

export function isDatabaseBusy(error: unknown): boolean {
  return texts(error).some((text) => BUSY.test(text));
}

/** Runs `serve`; a database-busy error becomes a 503 the client may retry, any other passes through. */
export function retryWhenBusy(e: core.RequestEvent, serve: () => void): void {
  try {
    serve();
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    console.log(
      `[adscout] WARNING: ${e.request!.method} ${e.request!.url!.path} found the database locked, answered 503: ${texts(error).join(' | ')}`,
    );
    e.response.header().set('Retry-After', String(RETRY_AFTER_SECONDS));
    throw new ApiError(503, PRODUCT_MESSAGES.databaseBusy, {});
  }
}
