/**
 * The History results dialog's keyboard and pointer navigation (results-dialog.tsx): the rows are
 * one tab stop, walked with the up and down arrows (Home and End jump); Enter or a click (not on
 * a link, not the end of a text selection) opens a row in the ad detail view, whose arrows follow
 * this list; closing the detail view focuses the row it showed last.
 */
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { SearchResult } from '../../../domain/index.ts';

/** What a key pressed on the row at `index` of `count` rows does: focus another row, open this one, or nothing. */
export type RowKeyAction = { focus: number } | { open: number } | null;

export function rowKeyAction(key: string, index: number, count: number): RowKeyAction {
  const to = (i: number): RowKeyAction => (count > 0 ? { focus: Math.max(0, Math.min(count - 1, i)) } : null);
  switch (key) {
    case 'ArrowDown':
      return to(index + 1);
    case 'ArrowUp':
      return to(index - 1);
    case 'Home':
      return to(0);
    case 'End':
      return to(count - 1);
    case 'Enter':
      return { open: index };
    default:
      return null;
  }
}

export interface ResultsNavigation {
  /** The row that holds the table's one tab stop. */
  tabStop: string | null;
  /** The row the detail view shows, with its place in the list. */
  detail: { row: SearchResult; index: number } | null;
  /** The ref callback of the row `id`. */
  rowRef: (id: string) => (element: HTMLTableRowElement | null) => void;
  onRowFocus: (event: FocusEvent<HTMLTableRowElement>, id: string) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number) => void;
  onRowClick: (event: MouseEvent<HTMLTableRowElement>, id: string) => void;
  /** The detail view's previous (-1) and next (+1). */
  moveDetail: (delta: -1 | 1) => void;
  closeDetail: () => void;
}

export function useResultsNavigation(rows: SearchResult[]): ResultsNavigation {
  /** The row that holds the table's tab stop, and the one the detail view shows. */
  const [activeId, setActiveId] = useState<string | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const rowElements = useRef(new Map<string, HTMLTableRowElement>());

  const focusRow = useCallback((id: string) => {
    setActiveId(id);
    const row = rowElements.current.get(id);
    row?.focus();
    row?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const rowRef = useCallback(
    (id: string) => (element: HTMLTableRowElement | null) => {
      if (element) rowElements.current.set(id, element);
      else rowElements.current.delete(id);
    },
    [],
  );

  const tabStop = rows.some((row) => row.id === activeId) ? activeId : (rows[0]?.id ?? null);
  const detailIndex = detailId ? rows.findIndex((row) => row.id === detailId) : -1;
  const detailRow = detailIndex >= 0 ? rows[detailIndex] : undefined;

  return {
    tabStop,
    detail: detailRow ? { row: detailRow, index: detailIndex } : null,
    rowRef,
    onRowFocus: (event, id) => {
      if (event.target === event.currentTarget) setActiveId(id);
    },
    onRowKeyDown: (event, index) => {
      if (event.target !== event.currentTarget) return; // a link in the row handles its own keys
      const action = rowKeyAction(event.key, index, rows.length);
      if (!action) return;
      // for Enter, no keypress after this: it must not also press the detail view's focused button
      event.preventDefault();
      if ('focus' in action) {
        const row = rows[action.focus];
        if (row) focusRow(row.id);
      } else {
        setDetailId(rows[action.open]?.id ?? null);
      }
    },
    onRowClick: (event, id) => {
      const target = event.target;
      if (target instanceof Element && target.closest('a')) return; // a Link cell opens its link
      if (!(window.getSelection()?.isCollapsed ?? true)) return; // a click that ends a selection
      setActiveId(id);
      setDetailId(id);
    },
    moveDetail: (delta) => {
      const next = rows[detailIndex + delta];
      if (detailIndex < 0 || !next) return;
      setDetailId(next.id);
      setActiveId(next.id);
      rowElements.current.get(next.id)?.scrollIntoView?.({ block: 'nearest' });
    },
    closeDetail: () => {
      const id = detailId;
      setDetailId(null);
      if (id) focusRow(id);
    },
  };
}
