/**
 * An exact set of rows for the Database page to show (docs/web-app.md#insights): the Insights page
 * opens a store's or a product's ads with it, through the router's state, and the Database page
 * shows it as a removable chip beside its text filters. Only these rows pass while it is set.
 */

export interface RowSelection {
  /** What the rows are, shown on the chip: 'Store: Tuin & Zo', 'Product: Solar lights'. */
  label: string;
  /** The rows' ids (results' `id`). */
  rowIds: string[];
}

/** The router state that carries a selection to the Database page. */
export interface RowSelectionState {
  rowSelection: RowSelection;
}

export function rowSelectionState(label: string, rowIds: readonly string[]): RowSelectionState {
  return { rowSelection: { label, rowIds: [...rowIds] } };
}

/** A product's ads (the Insights page's products, a report's products gaining stores). */
export function productSelectionState(name: string, rowIds: readonly string[]): RowSelectionState {
  return rowSelectionState(`Product: ${name || 'untitled'}`, rowIds);
}

/** A store's ads (the Insights page's stores, a report's stores adding ads). */
export function storeSelectionState(
  name: string,
  pageId: string,
  rowIds: readonly string[],
): RowSelectionState {
  return rowSelectionState(`Store: ${name || pageId}`, rowIds);
}

/**
 * The selection in a router state, or null: anything else there (another page's state, a state
 * restored from an older version, a hand-made history entry) is no selection.
 */
export function readRowSelection(state: unknown): RowSelection | null {
  if (!state || typeof state !== 'object') return null;
  const selection = (state as Partial<RowSelectionState>).rowSelection;
  if (!selection || typeof selection !== 'object') return null;
  const { label, rowIds } = selection;
  if (typeof label !== 'string' || !Array.isArray(rowIds)) return null;
  const ids = rowIds.filter((id): id is string => typeof id === 'string' && id !== '');
  return ids.length > 0 ? { label, rowIds: ids } : null;
}
