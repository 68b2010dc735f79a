/**
 * One report of the Reports page (reports-page.tsx): its watch, period and counts, marked while
 * unread; opened, its lists with the archived thumbnails (report-lists.tsx). Everything in it
 * that came from the Ad Library (stores, titles) is third-party text, rendered as text only.
 */
import { useId } from 'react';
import {
  formatCount,
  NOTHING_CHANGED,
  parsePbDate,
  reportHasNews,
  reportSummary,
  type Report,
} from '../../../domain/index.ts';
import { useReportRows } from '../../data/local/reports.ts';
import { AdList, ProductList, StoreList } from './report-lists.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The report's period in the user's locale: the previous run's finish → this run's. */
export function periodText(report: Pick<Report, 'period_start' | 'period_end'>): string {
  const start = parsePbDate(report.period_start);
  const end = parsePbDate(report.period_end);
  const endText = end ? when.format(end) : '';
  return start ? `${when.format(start)} → ${endText}` : `First run · ${endText}`;
}

const COUNTS = [
  ['new_count', 'New'],
  ['stopped_count', 'Stopped'],
  ['resumed_count', 'Came back'],
  ['unseen_count', 'Not seen this time'],
  ['products_count', 'Products gaining stores'],
  ['stores_count', 'Stores adding ads'],
] as const;

export function ReportCard({
  report,
  open,
  highlighted,
  onToggle,
}: {
  report: Report;
  open: boolean;
  highlighted: boolean;
  onToggle: (id: string) => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const unread = report.read_at === '';
  const news = reportHasNews(report);
  const rows = useReportRows(report, open);
  const className = ['card', 'report-card', unread && 'report-unread', highlighted && 'report-highlighted']
    .filter(Boolean)
    .join(' ');
  return (
    <li id={`report-${report.id}`} className={className} aria-labelledby={titleId} data-testid="report">
      <div className="report-head">
        <h2 id={titleId}>{report.watch_name}</h2>
        {unread && <span className="badge">Unread</span>}
      </div>
      <p className="muted report-period">{periodText(report)}</p>
      <p className="report-summary" data-testid="report-summary">
        {reportSummary(report)}
      </p>
      <dl className="report-counts">
        {COUNTS.map(([field, label]) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd>{formatCount(report[field])}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="button button-secondary report-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onToggle(report.id)}
      >
        {open ? 'Hide report' : 'Open report'}
      </button>
      <div id={bodyId} hidden={!open} className="report-body">
        {open &&
          (news ? (
            <>
              <AdList title="New" total={report.new_count} items={report.new_ads} rows={rows} />
              <ProductList
                title="Products gaining stores"
                total={report.products_count}
                items={report.products}
              />
              <StoreList title="Stores adding ads" total={report.stores_count} items={report.stores} />
              <AdList title="Stopped" total={report.stopped_count} items={report.stopped_ads} rows={rows} />
              <AdList title="Came back" total={report.resumed_count} items={report.resumed_ads} rows={rows} />
              <AdList
                title="Not seen this time"
                total={report.unseen_count}
                items={report.unseen_ads}
                rows={rows}
              />
            </>
          ) : (
            <p className="notice notice-info">{NOTHING_CHANGED}</p>
          ))}
      </div>
    </li>
  );
}
