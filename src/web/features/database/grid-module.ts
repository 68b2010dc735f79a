/**
 * The grid's code (AG Grid, one ~700 KB chunk), loaded once per page load. The router starts it
 * together with the page's own code when /app/database opens (app.tsx), so that the page's first
 * render can show the grid at once instead of waiting for an effect after that render.
 */
import type { ComponentType } from 'react';
import type { DatabaseGridProps } from './grid-contract.ts';

export type GridComponent = ComponentType<DatabaseGridProps>;

let loaded: GridComponent | null = null;
let loading: Promise<GridComponent> | null = null;

/** Loads the grid's module (once; a failed load is tried again on the next call). */
export function loadDatabaseGrid(): Promise<GridComponent> {
  loading ??= import('./database-grid.tsx').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The grid's component when its module is in already, otherwise null. */
export function loadedDatabaseGrid(): GridComponent | null {
  return loaded;
}
