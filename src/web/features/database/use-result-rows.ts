/**
 * The Database page's rows: the newest run's rows first (one small read, painted at once), then
 * every row, read a few runs at a time with the page answering input in between; one more full
 * read when the first sync catches up; and in between the rows the sync engine stores, queued for
 * the grid in a feed.
 */
import { useEffect, useState } from 'react';
import { MESSAGES, type SearchResult } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { yieldToPage } from '../../components/yield-to-page.ts';
import { onResultsStored, useSyncState, type SyncState } from '../../data/local/local-data.ts';
import { loadNewestResults, loadResultsInParts } from '../../data/local/local-reads.ts';
import { createResultFeed, type ResultFeed } from './result-feed.ts';

export interface ResultRows {
  /** What the grid shows: the newest rows while `complete` is false, then the latest full read, newest first; null until the first read ends. */
  rows: SearchResult[] | null;
  /** `rows` is a full read (not only the newest run's rows). */
  complete: boolean;
  /** The last read failed. */
  failed: boolean;
  feed: ResultFeed;
}

interface Read {
  /** The newest run's rows, newest first (null: none, or the read failed). */
  newest: Promise<SearchResult[] | null>;
  /** Every row, newest first, marked for the benchmark as soon as it resolves. */
  all: Promise<SearchResult[]>;
}

// --- the full read waits for the first rows on screen -------------------------------------------

/**
 * How long the full read waits for the grid's first rows at most (the grid's code failed to load,
 * say): about three times what they take on a 2-core machine.
 */
const FIRST_ROWS_WAIT_MS = 1000;
let firstRowsWaiter: (() => void) | null = null;

/** The grid calls this once the newest rows are on screen: the full read may start. */
export function firstRowsOnScreen(): void {
  firstRowsWaiter?.();
}

/**
 * Resolves when the grid says its first rows are on screen, or after FIRST_ROWS_WAIT_MS. The
 * browser decodes IndexedDB records on the page's thread: decoding the full read while the grid
 * was being made held the first rows back (measured: 35–75 ms of decoding in that window, first
 * rows painted at 263–313 ms after the navigation).
 */
function untilFirstRowsOnScreen(): Promise<void> {
  firstRowsWaiter?.();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      if (firstRowsWaiter === done) firstRowsWaiter = null;
      resolve();
    };
    const timer = setTimeout(done, FIRST_ROWS_WAIT_MS);
    firstRowsWaiter = done;
  });
}

/**
 * The reads of a page: the newest run's rows, then every row. On the page's first read the
 * full read waits until the newest rows are on screen (when there are any); a later read has
 * rows on screen already.
 */
function startRead(first: boolean): Read {
  const newest = loadNewestResults().then(
    (found) => found?.rows ?? null,
    () => null, // the full read reports the failure
  );
  const all = newest
    .then((rows) => (first && rows ? untilFirstRowsOnScreen() : undefined))
    .then(() => loadResultsInParts(yieldToPage))
    .then((rows) => {
      performance.mark('adscout:database-rows-loaded', { detail: { rows: rows.length } });
      return rows;
    });
  return { newest, all };
}

// --- the read started before the page renders --------------------------------------------------

interface EarlyRead {
  userId: string;
  read: Read;
  /** The newest run's rows once that read is in (undefined until then). */
  newest: SearchResult[] | null | undefined;
  /** Rows stored since the read started (they may or may not be in it). */
  arrived: SearchResult[];
  stop(): void;
}

let early: EarlyRead | null = null;
/** An early read nobody took within this time is dropped (the user went elsewhere). */
const EARLY_READ_TTL_MS = 10_000;

/**
 * Starts the reads for `userId` now, for the page to take when it mounts: the page's code
 * arrives a few hundred milliseconds before React renders it (the route waits on its Suspense
 * boundary), and the reads fit in that gap.
 */
export function startEarlyRead(userId: string): void {
  early?.stop();
  const arrived: SearchResult[] = [];
  const unsubscribe = onResultsStored((rows) => {
    for (const row of rows) arrived.push(row);
  });
  const read = startRead(true);
  read.all.catch(() => undefined); // the page reports it when it takes the read
  const entry: EarlyRead = {
    userId,
    read,
    newest: undefined,
    arrived,
    stop() {
      unsubscribe();
      clearTimeout(timer);
      if (early === entry) early = null;
    },
  };
  void read.newest.then((rows) => {
    entry.newest = rows;
  });
  const timer = setTimeout(() => entry.stop(), EARLY_READ_TTL_MS);
  early = entry;
}

/** The newest rows of the early read for `userId` if they are in already: the first render shows them. */
function earlyNewestRows(userId: string): SearchResult[] | null {
  return early?.userId === userId ? (early.newest ?? null) : null;
}

function takeEarlyRead(userId: string): EarlyRead | null {
  const entry = early;
  if (!entry) return null;
  entry.stop();
  return entry.userId === userId ? entry : null;
}

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

export function useResultRows(userId: string): ResultRows {
  const toast = useToast();
  const sync = useSyncState();
  const [feed] = useState(createResultFeed);
  const [state, setState] = useState<{ rows: SearchResult[] | null; complete: boolean; failed: boolean }>(
    () => ({ rows: earlyNewestRows(userId), complete: false, failed: false }),
  );

  // A read on mount, and another when a first sync the page saw has finished.
  const [reads, setReads] = useState(0);
  const [sawBehind, setSawBehind] = useState(() => isBehind(sync));
  const watch = watchFirstSync(sawBehind, sync);
  if (watch.sawBehind !== sawBehind) {
    setSawBehind(watch.sawBehind);
    if (watch.readAgain) setReads((count) => count + 1);
  }

  // Subscribed before the first read starts (effects run in order), so no stored row is missed.
  useEffect(() => onResultsStored((rows) => feed.push(rows)), [feed]);

  useEffect(() => {
    let cancelled = false;
    const taken = reads === 0 ? takeEarlyRead(userId) : null;
    const read = taken?.read ?? startRead(reads === 0);
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
  }, [reads, userId, feed, toast]);

  return { rows: state.rows, complete: state.complete, failed: state.failed, feed };
}
