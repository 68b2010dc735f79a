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
import { SelectField } from '../../components/select-field.tsx';

/** docs/product.md#screens-and-routes: the 'Filter & Sort' side panel of /app/history. */
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
        <SelectField
          label="Sort By"
          options={HISTORY_SORT_FIELDS}
          value={filters.sortBy}
          onChange={(event) => {
            if (isHistorySortField(event.target.value)) onChange({ sortBy: event.target.value });
          }}
        />
        <SelectField
          label="Direction"
          options={SORT_DIRECTIONS}
          value={filters.direction}
          onChange={(event) => {
            if (isSortDirection(event.target.value)) onChange({ direction: event.target.value });
          }}
        />
        <button type="button" className="button button-secondary" onClick={onClear}>
          Clear Filters
        </button>
      </div>
    </aside>
  );
}
