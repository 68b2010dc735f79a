/**
 * The rows a job normalized but has not written yet, and when to write them
 * (docs/pipeline.md#writing-results). Rows wait so that a fast source is written in a few large
 * batches, while a paced one still shows progress every page: a write is due at FLUSH_ROWS rows,
 * when the buffer could fill the run, or FLUSH_MS after the last write. The buffer also keeps what
 * the server answered: how many rows the run holds, and whether it is full.
 */
import type { ResultsResponse } from '../domain/runs/lease-contract.ts';

/** What a job needs of a write's answer (the lease contract's results answer). */
export type WriteOutcome = Pick<ResultsResponse, 'stored' | 'full'>;

export type Row = Record<string, unknown>;

/** Largest write batch, and the longest rows wait before being written. */
export const FLUSH_ROWS = 250;
export const FLUSH_MS = 300;

export interface RowBufferOptions {
  /** The run's requested count: the server stores no more. */
  requested: number;
  /** The rows the run held when it was claimed (a resumed run's). */
  stored: number;
  /** Writes one batch (WorkerApi.writeResults); `libraryTotal` as runLibraryTotal gives it. */
  write(rows: readonly Row[], libraryTotal: number | undefined): Promise<WriteOutcome>;
  now?: () => number;
}

export interface RowBuffer {
  /** The rows the server holds for the run, as its last answer said. */
  readonly stored: number;
  /** True once the run holds what it asked for: nothing more is stored. */
  readonly done: boolean;
  /** Buffers a row; false for an ad already waiting (the same ad twice before a write). */
  add(row: Row & { ad_id: string }): boolean;
  /** Whether a write is due now. */
  due(): boolean;
  /**
   * Writes what waits. Without rows it writes only for a Library total not sent before (a write
   * carries the coverage); either way the FLUSH_MS wait starts over. The rows leave the buffer
   * before the write, so a failed write loses them (the job fails the run).
   */
  flush(libraryTotal: number | undefined): Promise<void>;
}

export function createRowBuffer(options: RowBufferOptions): RowBuffer {
  const now = options.now ?? Date.now;
  let rows: Row[] = [];
  const waiting = new Set<string>();
  let stored = options.stored;
  let full = stored >= options.requested;
  let lastFlush = now();
  /** The Library total last sent with a write. */
  let sentTotal: number | undefined;
  return {
    get stored() {
      return stored;
    },
    get done() {
      return full || stored >= options.requested;
    },
    add(row) {
      if (waiting.has(row.ad_id)) return false;
      waiting.add(row.ad_id);
      rows.push(row);
      return true;
    },
    due() {
      const room = options.requested - stored;
      return rows.length >= Math.min(FLUSH_ROWS, room) || now() - lastFlush >= FLUSH_MS;
    },
    async flush(libraryTotal) {
      lastFlush = now();
      if (rows.length === 0 && libraryTotal === sentTotal) return;
      const batch = rows;
      rows = [];
      waiting.clear();
      const result = await options.write(batch, libraryTotal);
      sentTotal = libraryTotal;
      stored = result.stored;
      full = result.full;
    },
  };
}
