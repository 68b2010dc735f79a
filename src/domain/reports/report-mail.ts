/**
 * A report mail's parts (docs/reports.md#the-mail): an HTML part (a table layout with inline
 * styles, which mail clients render; under REPORT_MAIL_HTML_MAX_BYTES) and a plain-text part.
 * Every text of the reports (ad titles, store and product names, watch names) is third-party or
 * the user's: escaped (escapeHtml), never markup. Links go to our origin (`appUrl`) and the Ad
 * Library only; images are our creative thumbnails (the 400x0 one) or our placeholder. Pure: the
 * hooks render with it, the bench and tests call it in Node.
 */
import { reportLink, reportNewsText } from '../push/push-message.ts';
import { SERVER_ROUTES } from '../api/routes.ts';
import { AD_LIBRARY_BASE_URL } from '../ads/ad-library-link.ts';
import { creativeThumbUrl, type CreativeFiles } from '../media/creative-files.ts';
import { THUMB_DETAIL } from '../media/creative-limits.ts';
import { PRODUCT_NAME, ROUTES } from '../pages/routes.ts';
import { utf8Length } from '../push/push-rules.ts';
import { escapeHtml } from '../text/html.ts';
import {
  headerText,
  mailSubject,
  mailWatches,
  type MailReport,
  type MailWatch,
} from './report-mail-digest.ts';
import type { ReportAdItem } from './report-contract.ts';
import { REPORT_MAIL_HTML_MAX_BYTES } from './report-mail-contract.ts';

/** The report on the Reports page (`reportLink`, the push's too), from the app's absolute origin. */
export function reportPageLink(appUrl: string, reportId: string): string {
  return `${appUrl}${reportLink(reportId)}`;
}

export interface ReportMailInput {
  /** The app's absolute origin (APP_URL), no trailing slash. */
  appUrl: string;
  /** What the user chose: the footer says why they get this mail. */
  email: 'each' | 'daily' | 'weekly';
  reports: readonly MailReport[];
  /** The archived creatives the items name, by id; an item whose creative is missing shows the placeholder. */
  creatives: Readonly<Record<string, CreativeFiles>>;
  /** The absolute one-click unsubscribe link (List-Unsubscribe). */
  unsubscribeUrl: string;
}

export interface RenderedReportMail {
  subject: string;
  html: string;
  text: string;
}

/** Items shown per list, first try; fewer when the HTML would pass its limit. */
const CAPS = [
  { ads: 5, others: 3 },
  { ads: 3, others: 2 },
  { ads: 1, others: 1 },
  { ads: 0, others: 0 },
];
const TITLE_MAX = 120;
const NAME_MAX = 80;

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MUTED = 'color:#4a5568;font-size:13px;line-height:18px';

function short(text: string, max: number): string {
  return headerText(text, max);
}

function adLibraryLink(adId: string): string | null {
  return /^[0-9]{1,32}$/.test(adId) ? `${AD_LIBRARY_BASE_URL}?id=${adId}` : null;
}

function imageOf(input: ReportMailInput, item: { creative: string }): string {
  const creative = item.creative ? input.creatives[item.creative] : undefined;
  const thumb = creative ? creativeThumbUrl(creative, THUMB_DETAIL) : null;
  return `${input.appUrl}${thumb ?? SERVER_ROUTES.reportMailPlaceholder.path}`;
}

function adFacts(item: ReportAdItem): string {
  const facts = [
    item.store ? short(item.store, NAME_MAX) : '',
    `${item.daysRunning} ${item.daysRunning === 1 ? 'day' : 'days'} running`,
    `winning score ${Math.round(item.winningScore)}`,
  ];
  return facts.filter(Boolean).join(' · ');
}

function adRowHtml(input: ReportMailInput, item: ReportAdItem): string {
  const library = adLibraryLink(item.adId);
  const title = escapeHtml(short(item.title || 'Untitled ad', TITLE_MAX));
  return (
    `<tr><td width="120" valign="top" style="padding:8px 12px 8px 0"><img src="${escapeHtml(imageOf(input, item))}" width="120" alt="" style="display:block;width:120px;height:auto;border:0;border-radius:4px;background:#e8edf3"></td>` +
    `<td valign="top" style="padding:8px 0;${FONT};font-size:14px;line-height:20px;color:#0b1424"><strong>${title}</strong><br>` +
    `<span style="${MUTED}">${escapeHtml(adFacts(item))}</span>` +
    (library
      ? `<br><a href="${escapeHtml(library)}" style="color:#1d4ed8;font-size:13px">View in the Ad Library</a>`
      : '') +
    `</td></tr>`
  );
}

function listHtml(heading: string, lines: string[]): string {
  if (lines.length === 0) return '';
  return (
    `<tr><td colspan="2" style="padding:12px 0 4px;${FONT};font-size:14px;font-weight:bold;color:#0b1424">${escapeHtml(heading)}</td></tr>` +
    lines
      .map(
        (line) =>
          `<tr><td colspan="2" style="padding:2px 0;${FONT};font-size:14px;line-height:20px;color:#0b1424">${line}</td></tr>`,
      )
      .join('')
  );
}

function adLine(item: ReportAdItem): string {
  return `${escapeHtml(short(item.title || 'Untitled ad', TITLE_MAX))} <span style="${MUTED}">${escapeHtml(adFacts(item))}</span>`;
}

function watchHtml(input: ReportMailInput, watch: MailWatch, cap: { ads: number; others: number }): string {
  const link = reportPageLink(input.appUrl, watch.reportId);
  const newAds = watch.newAds.slice(0, cap.ads);
  return (
    `<tr><td style="padding:20px 24px 0;${FONT}"><h2 style="margin:0;font-size:18px;line-height:24px;color:#0b1424">${escapeHtml(short(watch.name, NAME_MAX))}</h2>` +
    `<p style="margin:4px 0 0;${MUTED}">${escapeHtml(reportNewsText(watch.counts))}</p>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">` +
    (newAds.length
      ? `<tr><td colspan="2" style="padding:12px 0 0;${FONT};font-size:14px;font-weight:bold;color:#0b1424">Top new ads</td></tr>` +
        newAds.map((item) => adRowHtml(input, item)).join('')
      : '') +
    listHtml(
      'Products gaining stores',
      watch.products
        .slice(0, cap.others)
        .map(
          (item) =>
            `${escapeHtml(short(item.name || 'Unnamed product', TITLE_MAX))} <span style="${MUTED}">${item.storesNow} stores (was ${item.storesBefore})</span>`,
        ),
    ) +
    listHtml('Stopped', watch.stoppedAds.slice(0, cap.others).map(adLine)) +
    listHtml('Came back', watch.resumedAds.slice(0, cap.others).map(adLine)) +
    `</table>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:16px 0 4px"><tr><td style="border-radius:6px;background:#1d4ed8"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 20px;${FONT};font-size:14px;font-weight:bold;color:#ffffff;text-decoration:none">Open the report</a></td></tr></table>` +
    `</td></tr>`
  );
}

const WHY: Record<ReportMailInput['email'], string> = {
  each: 'a mail for each report',
  daily: 'a daily digest',
  weekly: 'a weekly digest',
};

function htmlPart(input: ReportMailInput, subject: string, watches: MailWatch[], cap: (typeof CAPS)[number]) {
  const settings = `${input.appUrl}${ROUTES.settings.path}`;
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f6f8fb">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f6f8fb"><tr><td align="center" style="padding:24px 8px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #dbe2ea;border-radius:8px">` +
    `<tr><td style="padding:20px 24px 0;${FONT};font-size:20px;font-weight:bold;color:#1d4ed8">${PRODUCT_NAME}</td></tr>` +
    `<tr><td style="padding:8px 24px 0;${FONT};font-size:15px;line-height:22px;color:#0b1424">What changed on your watches.</td></tr>` +
    watches.map((watch) => watchHtml(input, watch, cap)).join('') +
    `<tr><td style="padding:24px;${FONT};${MUTED}">You get this mail because your report mail is set to ${WHY[input.email]}. ` +
    `<a href="${escapeHtml(settings)}" style="color:#1d4ed8">Change it in Settings</a> or <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#1d4ed8">turn report mail off</a>.</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

function textPart(input: ReportMailInput, watches: MailWatch[], cap: (typeof CAPS)[number]): string {
  const lines: string[] = [`${PRODUCT_NAME}: what changed on your watches.`, ''];
  const adText = (item: ReportAdItem) =>
    `- ${short(item.title || 'Untitled ad', TITLE_MAX)} (${adFacts(item)})`;
  for (const watch of watches) {
    lines.push(short(watch.name, NAME_MAX), reportNewsText(watch.counts));
    const sections: [string, string[]][] = [
      ['Top new ads', watch.newAds.slice(0, cap.ads).map(adText)],
      [
        'Products gaining stores',
        watch.products
          .slice(0, cap.others)
          .map(
            (item) =>
              `- ${short(item.name || 'Unnamed product', TITLE_MAX)} (${item.storesNow} stores, was ${item.storesBefore})`,
          ),
      ],
      ['Stopped', watch.stoppedAds.slice(0, cap.others).map(adText)],
      ['Came back', watch.resumedAds.slice(0, cap.others).map(adText)],
    ];
    for (const [heading, items] of sections) if (items.length) lines.push('', `${heading}:`, ...items);
    lines.push('', `Open the report: ${reportPageLink(input.appUrl, watch.reportId)}`, '', '');
  }
  lines.push(
    `You get this mail because your report mail is set to ${WHY[input.email]}.`,
    `Change it in Settings: ${input.appUrl}${ROUTES.settings.path}`,
    `Turn report mail off: ${input.unsubscribeUrl}`,
  );
  return lines.join('\n');
}

/**
 * Whether the HTML fits REPORT_MAIL_HTML_MAX_BYTES. A UTF-16 unit is at most 3 bytes of UTF-8, so
 * a short part fits without counting (counting walks the text, slow in the hooks' VM).
 */
function fits(html: string): boolean {
  return html.length * 3 <= REPORT_MAIL_HTML_MAX_BYTES || utf8Length(html) <= REPORT_MAIL_HTML_MAX_BYTES;
}

/** The mail of `reports`, or null when none of them has news (nothing is sent). */
export function renderReportMail(input: ReportMailInput): RenderedReportMail | null {
  const watches = mailWatches(input.reports);
  if (watches.length === 0) return null;
  const subject = mailSubject(watches);
  for (const cap of CAPS) {
    const html = htmlPart(input, subject, watches, cap);
    if (fits(html) || cap === CAPS[CAPS.length - 1])
      return { subject, html, text: textPart(input, watches, cap) };
  }
  return null;
}
