/**
 * The History results dialog's table (results-dialog.tsx): one run's rows with a sticky header,
 * each cell as the Database grid shows it (result-display). The rows are one tab stop; what the
 * keys and clicks on them do is results-navigation.ts's.
 */
import {
  AD_FIELDS,
  RESULT_LINK_TEXT,
  resultCell,
  resultValue,
  type ResultColumnKind,
  type SearchResult,
} from '../../../domain/index.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import type { ResultsNavigation } from './results-navigation.ts';

/**
 * One cell of an ad. Ad text is third-party data (docs/invariants.md#invariant-8-ad-text-is-data): it only
 * ever becomes React text nodes, and only http(s) URLs become links. Text is clamped to two lines (the
 * detail view has all of it), so a screen holds many rows.
 */
function AdCell({ kind, value }: { kind: ResultColumnKind; value: unknown }) {
  const cell = resultCell(kind, value);
  if (cell.link !== undefined) {
    return (
      <ExternalLink href={cell.link} showIcon={false}>
        {RESULT_LINK_TEXT}
      </ExternalLink>
    );
  }
  return kind === 'text' && cell.text ? <span className="cell-clamp">{cell.text}</span> : <>{cell.text}</>;
}

export function ResultsTable({ rows, navigation }: { rows: SearchResult[]; navigation: ResultsNavigation }) {
  return (
    <div className="results-scroll" role="region" aria-label="Results table" tabIndex={0}>
      <table className="results-table">
        <caption className="visually-hidden">
          Click a row, or press Enter on it, to see the ad; the up and down arrows move between rows.
        </caption>
        <thead>
          <tr>
            {AD_FIELDS.map((field) => (
              <th key={field.key} scope="col">
                {field.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={row.id}
              ref={navigation.rowRef(row.id)}
              tabIndex={row.id === navigation.tabStop ? 0 : -1}
              data-testid="result-row"
              onFocus={(event) => navigation.onRowFocus(event, row.id)}
              onKeyDown={(event) => navigation.onRowKeyDown(event, index)}
              onClick={(event) => navigation.onRowClick(event, row.id)}
            >
              {AD_FIELDS.map((field) => (
                <td key={field.key} className={`cell-${field.kind}`}>
                  <AdCell kind={field.kind} value={resultValue(row, field.key)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
