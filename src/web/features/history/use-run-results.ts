/**
 * The rows of one run for the History results dialog (results-dialog.tsx), read from the local
 * database, and read again whenever the sync stores rows of that run while the dialog is open (a
 * run still working, a sync catching up), so they are shown as they land. A read answered after
 * a later one started is dropped.
 */
import { useEffect, useState } from 'react';
import type { SearchResult } from '../../../domain/index.ts';
import { onResultsStored } from '../../data/local/local-data.ts';
import { loadRunResults } from '../../data/local/local-reads.ts';

export interface RunResults {
  /** The run's rows; undefined until the first read is in. */
  rows: SearchResult[] | undefined;
  /** A read failed (it is logged). */
  failed: boolean;
}

export function useRunResults(runId: string): RunResults {
  const [state, setState] = useState<RunResults>({ rows: undefined, failed: false });

  useEffect(() => {
    let active = true;
    let latest = 0;
    const load = () => {
      const ticket = ++latest;
      loadRunResults(runId).then(
        (rows) => {
          if (active && ticket === latest) setState({ rows, failed: false });
        },
        (error: unknown) => {
          if (!active) return;
          console.error('[history] could not load results', error);
          setState((current) => ({ ...current, failed: true }));
        },
      );
    };
    load();
    const stop = onResultsStored((stored) => {
      if (stored.some((row) => row.run === runId)) load();
    });
    return () => {
      active = false;
      stop();
    };
  }, [runId]);

  return state;
}
