import { useId } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { TextField } from '../../components/text-field.tsx';
import {
  HISTORY_SORT_FIELDS,
  isHistorySortField,
  isSortDirection,
  SORT_DIRECTIONS,
  type HistoryFilters,
} from './run-history.ts';

/** SPEC §2: the 'Filter & Sort' side panel of /app/history. */
export function FilterPanel({
  id,
  filters,
  onChange,
  onClear,
  onHide,
}: {
  id: string;
  filters: HistoryFilters;
  onChange: (patch: Partial<HistoryFilters>) => void;
  onClear: () => void;
  onHide: () => void;
}) {
  const headingId = useId();
  const sortId = useId();
  const directionId = useId();
  return (
    <aside id={id} className="card history-panel" aria-labelledby={headingId}>
      <div className="history-panel-head">
        <h2 id={headingId}>Filter &amp; Sort</h2>
        <button
          type="button"
          className="button button-ghost history-icon-button"
          aria-label="Hide filters"
          title="Hide filters"
          onClick={onHide}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="form">
        <TextField
          label="Search Name"
          type="search"
          placeholder="Filter by name"
          autoComplete="off"
          value={filters.searchName}
          onChange={(event) => onChange({ searchName: event.target.value })}
        />
        <TextField
          label="Country"
          type="search"
          placeholder="Code or name, e.g. DE"
          autoComplete="off"
          value={filters.country}
          onChange={(event) => onChange({ country: event.target.value })}
        />
        <TextField
          label="Keywords"
          type="search"
          placeholder="Filter by keyword"
          autoComplete="off"
          value={filters.keywords}
          onChange={(event) => onChange({ keywords: event.target.value })}
        />
        <div className="field">
          <label htmlFor={sortId}>Sort By</label>
          <select
            id={sortId}
            className="select"
            value={filters.sortBy}
            onChange={(event) => {
              if (isHistorySortField(event.target.value)) onChange({ sortBy: event.target.value });
            }}
          >
            {HISTORY_SORT_FIELDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={directionId}>Direction</label>
          <select
            id={directionId}
            className="select"
            value={filters.direction}
            onChange={(event) => {
              if (isSortDirection(event.target.value)) onChange({ direction: event.target.value });
            }}
          >
            {SORT_DIRECTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button-secondary" onClick={onClear}>
          Clear Filters
        </button>
      </div>
    </aside>
  );
}
