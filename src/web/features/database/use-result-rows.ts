/**
 * The Database page's rows: the newest run's rows first (one small read, painted at once), then
 * every row, read a few runs at a time with the page answering input in between (the page's
 * reads, row-reads.ts); one more full read when the first sync catches up; and in between the rows
 * the sync engine stores, queued for the grid in a feed.
 */
import { useEffect, useState } from 'react';
import { MESSAGES, PERFORMANCE_MARKS, type SearchResult } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { yieldToPage } from '../../components/yield-to-page.ts';
import { onResultsStored, useSyncState, type SyncState } from '../../data/local/local-data.ts';
import { loadNewestResults, loadResultsInParts } from '../../data/local/local-reads.ts';
import { createResultFeed, type ResultFeed } from './result-feed.ts';
import type { RowReads, RowSource } from './row-reads.ts';

export interface ResultRows {
  /** What the grid shows: the newest rows while `complete` is false, then the latest full read, newest first; null until the first read ends. */
  rows: SearchResult[] | null;
  /** `rows` is a full read (not only the newest run's rows). */
  complete: boolean;
  /** The last read failed. */
  failed: boolean;
  feed: ResultFeed;
}

/** The rows of the signed-in user's local database, for the page's reads (row-reads.ts). */
export const LOCAL_ROW_SOURCE: RowSource = {
  newest: () => loadNewestResults().then((found) => found?.rows ?? null),
  all: () => loadResultsInParts(yieldToPage),
  onStored: onResultsStored,
  markLoaded: (rows) => performance.mark(PERFORMANCE_MARKS.database.rowsLoaded, { detail: { rows } }),
};

// --- the first sync ---------------------------------------------------------------------------

type SyncProgress = Pick<SyncState, 'phase' | 'caughtUp'>;

/**
 * Behind the server for real: not caught up, and the engine knows it. While it starts, caughtUp
 * is false only because the engine has not read its last sync time yet.
 */
export function isBehind({ phase, caughtUp }: SyncProgress): boolean {
  return !caughtUp && phase !== 'starting';
}

/**
 * Whether the page reads every row again: once a sync it saw behind has caught up (a first sync's
 * rows came to the grid as additions in the order they were pulled; one read puts them all newest
 * first). The engine's start is no such sync: a second full read there would hold the page's
 * thread while the first read's rows go on screen.
 */
export function watchFirstSync(
  sawBehind: boolean,
  sync: SyncProgress,
): { sawBehind: boolean; readAgain: boolean } {
  if (isBehind(sync)) return { sawBehind: true, readAgain: false };
  if (sawBehind && sync.caughtUp) return { sawBehind: false, readAgain: true };
  return { sawBehind, readAgain: false };
}

// --- the hook --------------------------------------------------------------------------------

export function useResultRows(userId: string, reads: RowReads): ResultRows {
  const toast = useToast();
  const sync = useSyncState();
  const [feed] = useState(createResultFeed);
  const [state, setState] = useState<{ rows: SearchResult[] | null; complete: boolean; failed: boolean }>(
    () => ({ rows: reads.earlyNewestRows(userId), complete: false, failed: false }),
  );

  // A read on mount, and another when a first sync the page saw has finished.
  const [readCount, setReadCount] = useState(0);
  const [sawBehind, setSawBehind] = useState(() => isBehind(sync));
  const watch = watchFirstSync(sawBehind, sync);
  if (watch.sawBehind !== sawBehind) {
    setSawBehind(watch.sawBehind);
    if (watch.readAgain) setReadCount((count) => count + 1);
  }

  // Subscribed before the first read starts (effects run in order), so no stored row is missed.
  useEffect(() => onResultsStored((rows) => feed.push(rows)), [feed]);

  useEffect(() => {
    let cancelled = false;
    const first = readCount === 0;
    const taken = first ? reads.takeEarly(userId) : null;
    const read = taken?.read ?? reads.read(first);
    feed.beginRead();
    if (taken) feed.push(taken.arrived);
    // Only while nothing is shown yet: a later read replaces full rows with full rows.
    void read.newest.then((rows) => {
      if (cancelled || !rows) return;
      setState((current) => (current.rows ? current : { rows, complete: false, failed: false }));
    });
    read.all.then(
      (rows) => {
        if (cancelled) return;
        feed.endRead(rows);
        setState({ rows, complete: true, failed: false });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('[database] could not read the results', error);
        feed.endRead(null);
        toast.error(MESSAGES.databaseLoadFailed);
        setState((current) => ({ ...current, failed: true }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [readCount, reads, userId, feed, toast]);

  return { rows: state.rows, complete: state.complete, failed: state.failed, feed };
}
