/**
 * Rows the sync engine stored after the page's bulk read (a running scout, a catch-up pull). They
 * go to the grid as transactions (docs/local-first.md#what-the-pages-read: never re-read 50k rows per
 * change), but only once the grid shows the latest read: a row that arrives while a read is in flight may or
 * may not be in it, so it waits and is applied afterwards (an update when the grid has the row, an
 * addition otherwise). Applying it twice is harmless; losing it is not.
 */
import type { SearchResult } from '../../../domain/index.ts';

export type ResultSink = (rows: SearchResult[]) => void;

export interface ResultFeed {
  /** Rows the sync engine just stored. */
  push(rows: readonly SearchResult[]): void;
  /** The page starts a bulk read. */
  beginRead(): void;
  /** The read ended: its rows (for the grid to apply), or null when it failed. */
  endRead(rows: SearchResult[] | null): void;
  /** The grid now shows `rows` (a read handed over by endRead). */
  applied(rows: SearchResult[]): void;
  /** The grid's way in; returns the disconnect. */
  connect(sink: ResultSink): () => void;
}

export function createResultFeed(): ResultFeed {
  let held: SearchResult[] = [];
  let reading = false;
  let awaited: SearchResult[] | null = null;
  let sink: ResultSink | null = null;

  const drain = () => {
    if (reading || awaited || !sink || held.length === 0) return;
    const rows = held;
    held = [];
    sink(rows);
  };

  return {
    push(rows) {
      if (rows.length === 0) return;
      for (const row of rows) held.push(row);
      drain();
    },
    beginRead() {
      reading = true;
    },
    endRead(rows) {
      reading = false;
      if (rows) awaited = rows;
      drain();
    },
    applied(rows) {
      if (awaited === rows) awaited = null;
      drain();
    },
    connect(next) {
      sink = next;
      drain();
      return () => {
        if (sink === next) sink = null;
      };
    },
  };
}
