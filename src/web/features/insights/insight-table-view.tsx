/**
 * One Insights table (Products or Stores): a plain <table> with sortable headers, in a box that
 * scrolls sideways on a phone. It renders the first PAGE_ROWS rows of the filtered, sorted list
 * and more on request: thousands of products stay fast without a grid's virtualisation.
 */
import { useState, type ReactNode } from 'react';
import { formatCount } from '../../../domain/index.ts';
import type { InsightColumn, InsightSort } from './insight-table.ts';

/** Rows rendered at first, and added by each "Show more". */
export const PAGE_ROWS = 100;

export interface InsightTableViewProps<R> {
  label: string;
  testId: string;
  columns: readonly InsightColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  cell: (row: R, key: string) => ReactNode;
  sort: InsightSort;
  onSort: (key: string) => void;
}

export function InsightTableView<R>({
  label,
  testId,
  columns,
  rows,
  rowKey,
  cell,
  sort,
  onSort,
}: InsightTableViewProps<R>) {
  const [shown, setShown] = useState(PAGE_ROWS);
  const visible = rows.slice(0, shown);
  return (
    <>
      {/* focusable, so the keyboard can scroll it sideways on a phone */}
      <div className="insight-table-box" role="region" aria-label={label} tabIndex={0}>
        <table className="insight-table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sorted ?? (column.sortValue ? 'none' : undefined)}
                  >
                    {column.sortValue ? (
                      <button type="button" className="insight-sort" onClick={() => onSort(column.key)}>
                        {column.header}
                        <span aria-hidden="true">
                          {sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => (
              <tr key={rowKey(row)} data-key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} data-col={column.key}>
                    {cell(row, column.key)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown && (
        <button
          type="button"
          className="button button-secondary insight-more"
          onClick={() => setShown(shown + PAGE_ROWS)}
        >
          Show more ({formatCount(rows.length - shown)} left)
        </button>
      )}
    </>
  );
}
