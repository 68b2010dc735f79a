/**
 * The Database page's reads of its rows, an object the page owns and passes down
 * (database-page.tsx): to its rows (use-result-rows.ts), which start and take the reads, and to
 * the grid, which says when its first rows are on screen. A read is the newest run's rows (one
 * small read, painted at once), then every row, read a few runs at a time with the page answering
 * input in between. The page's first read may start before the page renders (`startEarly`), for
 * the page to take when it mounts.
 */
import type { SearchResult } from '../../../domain/index.ts';

export interface Read {
  /** The newest run's rows, newest first (null: none, or the read failed). */
  newest: Promise<SearchResult[] | null>;
  /** Every row, newest first, marked for the benchmark as soon as it resolves. */
  all: Promise<SearchResult[]>;
}

/** A read started before the page rendered, with what the sync stored meanwhile. */
export interface EarlyRead {
  userId: string;
  read: Read;
  /** The newest run's rows once that read is in (undefined until then). */
  newest: SearchResult[] | null | undefined;
  /** Rows stored since the read started (they may or may not be in it). */
  arrived: SearchResult[];
}

/** Where the rows come from: the local database (database-page.tsx), or a test's stand-ins. */
export interface RowSource {
  /** The newest run's rows, newest first, or null when there is no run. */
  newest(): Promise<SearchResult[] | null>;
  /** Every row, newest first. */
  all(): Promise<SearchResult[]>;
  /** Rows the sync stores from now on; returns what stops listening. */
  onStored(listener: (rows: SearchResult[]) => void): () => void;
  /** Marks the end of a full read (the local-first benchmark's PERFORMANCE_MARKS.database.rowsLoaded). */
  markLoaded(rows: number): void;
}

/**
 * How long the full read waits for the grid's first rows at most (the grid's code failed to load,
 * say): about three times what they take on a 2-core machine.
 */
export const FIRST_ROWS_WAIT_MS = 1000;
/** An early read nobody took within this time is dropped (the user went elsewhere). */
export const EARLY_READ_TTL_MS = 10_000;

export class RowReads {
  private waiter: (() => void) | null = null;
  private early: (EarlyRead & { stop(): void }) | null = null;

  constructor(
    private readonly source: RowSource,
    private readonly limits = { firstRowsWaitMs: FIRST_ROWS_WAIT_MS, earlyReadTtlMs: EARLY_READ_TTL_MS },
  ) {}

  /**
   * Starts the reads of the page: the newest run's rows, then every row. On the page's first
   * read (`first`) the full read waits until the newest rows are on screen (when there are any);
   * a later read has rows on screen already.
   */
  read(first: boolean): Read {
    const newest = this.source.newest().catch(() => null); // the full read reports the failure
    const all = newest
      .then((rows) => (first && rows ? this.untilFirstRowsOnScreen() : undefined))
      .then(() => this.source.all())
      .then((rows) => {
        this.source.markLoaded(rows.length);
        return rows;
      });
    return { newest, all };
  }

  /** The grid calls this once the newest rows are on screen: the full read may start. */
  readonly firstRowsOnScreen = (): void => {
    this.waiter?.();
  };

  /**
   * Resolves when the grid says its first rows are on screen, or after `firstRowsWaitMs`. The
   * browser decodes IndexedDB records on the page's thread: decoding the full read while the grid
   * was being made held the first rows back (measured: 35–75 ms of decoding in that window, first
   * rows painted at 263–313 ms after the navigation).
   */
  private untilFirstRowsOnScreen(): Promise<void> {
    this.waiter?.();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.waiter === done) this.waiter = null;
        resolve();
      };
      const timer = setTimeout(done, this.limits.firstRowsWaitMs);
      this.waiter = done;
    });
  }

  /**
   * Starts the first read for `userId` now, for the page to take when it mounts: the page's code
   * arrives a few hundred milliseconds before React renders it (the route waits on its Suspense
   * boundary and the subscription gate), and the reads fit in that gap.
   */
  startEarly(userId: string): void {
    this.early?.stop();
    const arrived: SearchResult[] = [];
    const unsubscribe = this.source.onStored((rows) => {
      for (const row of rows) arrived.push(row);
    });
    const read = this.read(true);
    read.all.catch(() => undefined); // the page reports it when it takes the read
    const entry: EarlyRead & { stop(): void } = {
      userId,
      read,
      newest: undefined,
      arrived,
      stop: () => {
        unsubscribe();
        clearTimeout(timer);
        if (this.early === entry) this.early = null;
      },
    };
    void read.newest.then((rows) => {
      entry.newest = rows;
    });
    const timer = setTimeout(() => entry.stop(), this.limits.earlyReadTtlMs);
    this.early = entry;
  }

  /** The newest rows of the early read for `userId` if they are in already: the first render shows them. */
  earlyNewestRows(userId: string): SearchResult[] | null {
    return this.early?.userId === userId ? (this.early.newest ?? null) : null;
  }

  /** Takes the early read for `userId`, once; any other user's is dropped. */
  takeEarly(userId: string): EarlyRead | null {
    const entry = this.early;
    if (!entry) return null;
    entry.stop();
    return entry.userId === userId ? entry : null;
  }
}
