/**
 * The Database page's rows: one bulk read when the page opens, one more when the first sync
 * catches up, and in between the rows the sync engine stores, queued for the grid in a feed.
 */
import { useEffect, useState } from 'react';
import { MESSAGES, type SearchResult } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { loadAllResults, onResultsStored, useSyncState } from '../../data/local-data.ts';
import { createResultFeed, type ResultFeed } from './result-feed.ts';

export interface ResultRows {
  /** The latest read, newest first; null until the first one ends. */
  rows: SearchResult[] | null;
  /** The last read failed. */
  failed: boolean;
  feed: ResultFeed;
}

/** One bulk read, marked for the benchmark as soon as it resolves. */
function readAll(): Promise<SearchResult[]> {
  return loadAllResults().then((rows) => {
    performance.mark('adscout:database-rows-loaded', { detail: { rows: rows.length } });
    return rows;
  });
}

// --- the read started before the page renders --------------------------------------------------

interface EarlyRead {
  userId: string;
  rows: Promise<SearchResult[]>;
  /** Rows stored since the read started (they may or may not be in it). */
  arrived: SearchResult[];
  stop(): void;
}

let early: EarlyRead | null = null;
/** An early read nobody took within this time is dropped (the user went elsewhere). */
const EARLY_READ_TTL_MS = 10_000;

/**
 * Starts the bulk read for `userId` now, for the page to take when it mounts: the page's code
 * arrives a few hundred milliseconds before React renders it (the route waits on its Suspense
 * boundary), and the read fits in that gap.
 */
export function startEarlyRead(userId: string): void {
  early?.stop();
  const arrived: SearchResult[] = [];
  const unsubscribe = onResultsStored((rows) => {
    for (const row of rows) arrived.push(row);
  });
  const rows = readAll();
  rows.catch(() => undefined); // the page reports it when it takes the read
  const read: EarlyRead = {
    userId,
    rows,
    arrived,
    stop() {
      unsubscribe();
      clearTimeout(timer);
      if (early === read) early = null;
    },
  };
  const timer = setTimeout(() => read.stop(), EARLY_READ_TTL_MS);
  early = read;
}

function takeEarlyRead(userId: string): EarlyRead | null {
  const read = early;
  if (!read) return null;
  read.stop();
  return read.userId === userId ? read : null;
}

// --- the hook --------------------------------------------------------------------------------

export function useResultRows(userId: string): ResultRows {
  const toast = useToast();
  const { caughtUp } = useSyncState();
  const [feed] = useState(createResultFeed);
  const [state, setState] = useState<{ rows: SearchResult[] | null; failed: boolean }>({
    rows: null,
    failed: false,
  });

  // A read on mount, and another when the first sync has finished (caughtUp false → true).
  const [reads, setReads] = useState(0);
  const [seenCaughtUp, setSeenCaughtUp] = useState(caughtUp);
  if (seenCaughtUp !== caughtUp) {
    setSeenCaughtUp(caughtUp);
    if (caughtUp) setReads((count) => count + 1);
  }

  // Subscribed before the first read starts (effects run in order), so no stored row is missed.
  useEffect(() => onResultsStored((rows) => feed.push(rows)), [feed]);

  useEffect(() => {
    let cancelled = false;
    const taken = reads === 0 ? takeEarlyRead(userId) : null;
    feed.beginRead();
    if (taken) feed.push(taken.arrived);
    (taken?.rows ?? readAll()).then(
      (rows) => {
        if (cancelled) return;
        feed.endRead(rows);
        setState({ rows, failed: false });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('[database] could not read the results', error);
        feed.endRead(null);
        toast.error(MESSAGES.databaseLoadFailed);
        setState((current) => ({ rows: current.rows, failed: true }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [reads, userId, feed, toast]);

  return { rows: state.rows, failed: state.failed, feed };
}
