/**
 * What the Database page's "Export CSV" takes from the grid (docs/local-first.md#what-the-pages-read):
 * the rows as the grid shows them, filtered and sorted, and the data columns it shows, in their
 * order. The grid's controller (grid-controller.ts) hands it to the page as the grid's handle.
 */
import { exportColumn, type ExportColumn, type SearchResult } from '../../../domain/index.ts';
import type { GridApiLike } from './grid-api.ts';

/** The filtered and sorted rows and the visible data and AI columns, in the order shown. */
export function exportRows(api: GridApiLike): { rows: SearchResult[]; columns: ExportColumn[] } {
  const columns: ExportColumn[] = [];
  for (const column of api.getAllDisplayedColumns()) {
    const known = exportColumn(column.getColId());
    if (known) columns.push(known);
  }
  const rows: SearchResult[] = [];
  api.forEachNodeAfterFilterAndSort((node) => {
    if (node.data) rows.push(node.data);
  });
  return { rows, columns };
}
