/**
 * The performance marks the web app sets at the moments its benchmarks measure to
 * (docs/benchmarks.md): the app sets them and tests/bench waits for them, so both name them here.
 * Each is set once its work is on screen or stored; `detail` says how many rows it covered.
 */
export const PERFORMANCE_MARKS = {
  sync: {
    /** The first sync caught up with the server (detail.rows: the rows it pulled). */
    caughtUp: 'adscout:sync-caught-up',
  },
  database: {
    /** The read of every stored row ended (detail.rows). */
    rowsLoaded: 'adscout:database-rows-loaded',
    /** The grid's first rows are on screen (detail.rows: the rows the grid holds). */
    firstRowsPainted: 'adscout:database-first-rows-painted',
    /** Every row is in the grid and painted (detail.rows). */
    rowsPainted: 'adscout:database-rows-painted',
    /** A filter's change is painted. */
    filtered: 'adscout:database-filtered',
    /** A column shown or hidden is painted. */
    columnsToggled: 'adscout:database-columns-toggled',
    /** Export CSV handed its file to the browser. */
    exported: 'adscout:database-exported',
  },
  history: {
    /** The History page's run cards are painted. */
    painted: 'adscout:history-painted',
  },
  boards: {
    /**
     * A board's page: every card of the grid's first row shows its loaded thumbnail (detail.items:
     * the cards the grid holds; detail.thumbnails: the first row's).
     */
    firstThumbnailsPainted: 'adscout:board-first-thumbnails-painted',
  },
  insights: {
    /** The Insights table's first rows are painted (detail: its kind and the rows shown). */
    firstRowsPainted: 'adscout:insights-first-rows-painted',
    /** A filter's change is painted. */
    filtered: 'adscout:insights-filtered',
  },
} as const;
