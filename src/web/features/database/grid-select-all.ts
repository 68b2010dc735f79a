/**
 * The Database grid's header checkbox (docs/boards.md#in-the-app): selects or deselects the rows
 * the grid shows (its filters), as AG Grid's own header checkbox with `selectAll: 'filtered'`.
 *
 * Ours rather than AG Grid's: AG Grid's walks every row shown twice on every model update (each
 * filter keystroke, each slice of the full read, each sync transaction) to set its state, even
 * when nothing is selected (selectAllFeature.ts in ag-grid-community). This one asks nothing of
 * the rows while none is selected, and otherwise stops at the first row that decides the state.
 */
import type { GridApi, IHeaderComp, IHeaderParams } from 'ag-grid-community';
import type { SearchResult } from '../../../domain/index.ts';

/** The checkbox's accessible name. */
export const SELECT_ALL_LABEL = 'Select all rows shown';

/**
 * The header checkbox's state over the `shown` rows: true when every one is selected, false when
 * none is, null (mixed) otherwise. `selected` counts the selected rows, shown or not: with none,
 * no row is asked.
 */
export function selectAllState(
  shown: number,
  selected: number,
  isSelectedAt: (index: number) => boolean,
): boolean | null {
  if (shown === 0 || selected === 0) return false;
  let some = false;
  let all = true;
  for (let index = 0; index < shown; index++) {
    if (isSelectedAt(index)) some = true;
    else all = false;
    if (some && !all) return null;
  }
  return some;
}

export class SelectAllHeader implements IHeaderComp {
  private readonly gui = document.createElement('div');
  private readonly box = document.createElement('input');
  private api: GridApi<SearchResult> | null = null;
  private header: HTMLElement | null = null;
  private state: boolean | null = false;

  init(params: IHeaderParams<SearchResult>): void {
    this.api = params.api;
    this.header = params.eGridHeader;
    this.gui.className = 'select-all-header';
    this.box.type = 'checkbox';
    this.box.className = 'select-all-box';
    this.box.setAttribute('aria-label', SELECT_ALL_LABEL);
    // the grid's header cell takes the focus (arrow keys), as for every other header; Space there
    // toggles, as on AG Grid's own header checkbox
    this.box.tabIndex = -1;
    this.box.addEventListener('change', this.toggle);
    this.gui.append(this.box);
    this.header.addEventListener('keydown', this.onKeyDown);
    params.api.addEventListener('selectionChanged', this.refreshState);
    params.api.addEventListener('modelUpdated', this.refreshState);
    this.refreshState();
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(): boolean {
    this.refreshState();
    return true;
  }

  destroy(): void {
    this.header?.removeEventListener('keydown', this.onKeyDown);
    const api = this.api;
    if (api && !api.isDestroyed()) {
      api.removeEventListener('selectionChanged', this.refreshState);
      api.removeEventListener('modelUpdated', this.refreshState);
    }
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== ' ' || event.target !== this.header) return;
    event.preventDefault();
    this.toggle();
  };

  /** Every row shown selected: deselects them; otherwise selects them all. */
  private readonly toggle = (): void => {
    const api = this.api;
    if (!api || api.isDestroyed()) return;
    if (this.state === true) api.deselectAll('filtered', 'uiSelectAllFiltered');
    else api.selectAll('filtered', 'uiSelectAllFiltered');
    this.refreshState();
  };

  private readonly refreshState = (): void => {
    const api = this.api;
    if (!api || api.isDestroyed()) return;
    const shown = api.getDisplayedRowCount();
    this.state = selectAllState(
      shown,
      api.getSelectedNodes().length,
      (index) => api.getDisplayedRowAtIndex(index)?.isSelected() === true,
    );
    this.box.checked = this.state === true;
    this.box.indeterminate = this.state === null;
    this.box.disabled = shown === 0;
  };
}
