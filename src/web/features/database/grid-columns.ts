/**
 * The Database grid's columns: the Creative thumbnail first, then every result column with its
 * formatter or light DOM renderer (a Link anchor for http(s) values only). Cells are written as
 * text, never as HTML.
 */
import type {
  ColDef,
  ICellRendererComp,
  ICellRendererParams,
  ValueFormatterParams,
  ValueGetterParams,
} from 'ag-grid-community';
import {
  CREATIVE_COLUMN,
  CREATIVE_TEXT_COLUMN,
  knownFlagOf,
  linkHref,
  RESULT_COLUMNS,
  RESULT_LINK_TEXT,
  resultCellText,
  resultValue,
  TAGS_COLUMN,
  tagsText,
  type ResultColumn,
  type ResultColumnKey,
  type SearchResult,
} from '../../../domain/index.ts';
import { gridThumbnail, showsVideo } from '../../components/creative.ts';
import { externalLinkElement } from '../../components/external-link-element.ts';
import { archivedCreative } from '../../data/local/creative-index.ts';
import { creativeTextOf } from './creative-text.ts';

/**
 * A URL cell, as the History dialog shows it (result-display): a 'Link' anchor for http(s)
 * values only; anything else (javascript:, junk) shows nothing.
 */
class LinkCell implements ICellRendererComp<SearchResult> {
  private gui: HTMLElement = document.createElement('span');

  init(params: ICellRendererParams<SearchResult>): void {
    this.render(params.value);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: ICellRendererParams<SearchResult>): boolean {
    this.render(params.value);
    return true;
  }

  private render(value: unknown): void {
    const href = linkHref(value);
    this.gui.replaceChildren();
    if (href) this.gui.append(externalLinkElement(href, RESULT_LINK_TEXT));
  }
}

/**
 * How long a Creative cell must stay rendered, and the grid unscrolled, before it loads its
 * thumbnail. A fling through 50,000 rows renders each row for a frame or two: those never load an
 * image, and while the grid keeps scrolling none do; the rows the user stops on do, a moment
 * after (tests/bench/creative-thumbnails.bench.ts measures the scroll).
 */
const THUMBNAIL_SETTLE_MS = 150;
let lastScrollAt = -Infinity;

/**
 * The grid scrolled (grid-setup.ts: a native scroll event inside the grid, and the grid's
 * onBodyScroll): thumbnails wait until it rests.
 */
export function noteGridScroll(): void {
  lastScrollAt = performance.now();
}

/**
 * The Creative cell: a 32 px thumbnail (the image, or a video's poster with a play mark) of a
 * row that stays on screen, loaded lazily; a failed load (an expired link, an uncached file
 * offline) leaves an empty frame, never a broken-image icon. The value is the thumbnail's URL
 * (gridThumbnail: the archived creative's, else the source link's), so the cell refreshes only
 * when it changes.
 */
class CreativeCell implements ICellRendererComp<SearchResult> {
  private gui: HTMLElement = document.createElement('span');
  private shown: string | null | undefined = undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  init(params: ICellRendererParams<SearchResult, string | null>): void {
    this.render(params.value ?? null, params.data);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: ICellRendererParams<SearchResult, string | null>): boolean {
    this.render(params.value ?? null, params.data);
    return true;
  }

  destroy(): void {
    clearTimeout(this.timer);
  }

  private render(still: string | null, row: SearchResult | undefined): void {
    if (still === this.shown) return;
    this.shown = still;
    clearTimeout(this.timer);
    const video = row ? showsVideo(row, archivedCreative(row.creative)) : false;
    this.gui.className = video ? 'creative-thumb creative-thumb-video' : 'creative-thumb';
    this.gui.replaceChildren();
    if (still) this.timer = setTimeout(() => this.load(still), THUMBNAIL_SETTLE_MS);
  }

  /** The thumbnail, if the cell is still on screen and still shows this still. */
  private load(still: string): void {
    if (!this.gui.isConnected || this.shown !== still) return;
    const restingFor = performance.now() - lastScrollAt;
    if (restingFor < THUMBNAIL_SETTLE_MS) {
      this.timer = setTimeout(() => this.load(still), THUMBNAIL_SETTLE_MS - restingFor);
      return;
    }
    const img = document.createElement('img');
    img.loading = 'lazy';
    img.decoding = 'async';
    img.width = 32;
    img.height = 32;
    img.alt = '';
    img.referrerPolicy = 'no-referrer';
    img.addEventListener('error', () => {
      img.remove();
      this.gui.classList.add('creative-thumb-failed');
    });
    img.src = still;
    this.gui.append(img);
  }
}

/**
 * The Creative column's value: the URL of its thumbnail, or null (creative.ts). The row's archived
 * creative comes from the Map of creative-index.ts: one lookup, no query.
 */
const creativeValue = (params: ValueGetterParams<SearchResult>) =>
  params.data ? gridThumbnail(params.data, archivedCreative(params.data.creative)) : null;

const CREATIVE_COL_DEF: ColDef<SearchResult> = {
  colId: CREATIVE_COLUMN.key,
  headerName: CREATIVE_COLUMN.header,
  valueGetter: creativeValue,
  cellRenderer: CreativeCell,
  // narrow, with less padding (database.css), so the text columns start close to the left
  width: 88,
  minWidth: 88,
  headerClass: 'creative-header',
  cellClass: 'creative-cell',
  sortable: false,
  resizable: false,
};

const WIDTHS: Partial<Record<ResultColumnKey, number>> = {
  title: 240,
  body: 320,
  caption: 200,
  link_description: 240,
  keywords: 180,
  store_name: 180,
  platforms: 180,
  active_status: 130,
  country: 110,
  format: 110,
  cta_type: 130,
  gender_audience: 150,
  age_ranges: 120,
};

/** The text of every other cell, as the History dialog shows it (result-display). */
const FORMATTERS = {
  text: (params: ValueFormatterParams<SearchResult>) => resultCellText('text', params.value),
  number: (params: ValueFormatterParams<SearchResult>) => resultCellText('number', params.value),
  date: (params: ValueFormatterParams<SearchResult>) => resultCellText('date', params.value),
};

/**
 * The value of a number the source may not give (reach, variants): null when it did not, so the cell
 * shows nothing and sorts apart from a real 0 (resultValue).
 */
function knownNumber(key: ResultColumnKey) {
  return (params: ValueGetterParams<SearchResult>) => (params.data ? resultValue(params.data, key) : null);
}

function columnDef(column: ResultColumn, hidden: boolean): ColDef<SearchResult> {
  const base: ColDef<SearchResult> = {
    colId: column.key,
    field: column.key,
    headerName: column.header,
    hide: hidden,
  };
  switch (column.kind) {
    case 'number':
      return {
        ...base,
        ...(knownFlagOf(column.key) ? { valueGetter: knownNumber(column.key) } : {}),
        type: 'rightAligned',
        width: 130,
        valueFormatter: FORMATTERS.number,
      };
    case 'date':
      return { ...base, width: 130, valueFormatter: FORMATTERS.date };
    case 'url':
      return { ...base, width: 130, cellRenderer: LinkCell };
    default:
      return { ...base, width: WIDTHS[column.key] ?? 150, valueFormatter: FORMATTERS.text };
  }
}

/**
 * The AI columns (docs/ai.md#in-the-database): the row's tags as their labels, and the text read
 * on its creative, looked up as the Creative cell looks its creative up. Plain text cells, like
 * every other: third-party text never becomes markup.
 */
const TAGS_COL_DEF: ColDef<SearchResult> = {
  colId: TAGS_COLUMN.key,
  headerName: TAGS_COLUMN.header,
  valueGetter: (params: ValueGetterParams<SearchResult>) => (params.data ? tagsText(params.data.tags) : ''),
  width: 240,
};

const CREATIVE_TEXT_COL_DEF: ColDef<SearchResult> = {
  colId: CREATIVE_TEXT_COLUMN.key,
  headerName: CREATIVE_TEXT_COLUMN.header,
  valueGetter: (params: ValueGetterParams<SearchResult>) => (params.data ? creativeTextOf(params.data) : ''),
  width: 320,
};

export const DEFAULT_COL_DEF: ColDef<SearchResult> = { sortable: true, resizable: true, minWidth: 90 };

/** The grid's column definitions, the columns in `hidden` (keys) hidden. */
export function gridColumnDefs(hidden: readonly string[]): ColDef<SearchResult>[] {
  const hiddenKeys = new Set<string>(hidden);
  return [
    { ...CREATIVE_COL_DEF, hide: hiddenKeys.has(CREATIVE_COLUMN.key) },
    ...RESULT_COLUMNS.map((column) => columnDef(column, hiddenKeys.has(column.key))),
    { ...TAGS_COL_DEF, hide: hiddenKeys.has(TAGS_COLUMN.key) },
    { ...CREATIVE_TEXT_COL_DEF, hide: hiddenKeys.has(CREATIVE_TEXT_COLUMN.key) },
  ];
}
