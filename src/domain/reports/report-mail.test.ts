import { describe, expect, it } from 'vitest';
import { SERVER_ROUTES } from '../api/routes.ts';
import type { ReportAdItem } from './report-contract.ts';
import { REPORT_MAIL_HTML_MAX_BYTES } from './report-mail-contract.ts';
import type { MailReport } from './report-mail-digest.ts';
import { renderReportMail, type ReportMailInput } from './report-mail.ts';

const APP = 'https://adscout.example.com';
const HOSTILE =
  '<script>alert(1)</script><img src=x onerror=alert(2)>"\' <a href="https://evil.example">x</a>';

function ad(n: number, over: Partial<ReportAdItem> = {}): ReportAdItem {
  return {
    adId: String(1000 + n),
    row: `row${n}`,
    creative: '',
    store: `Store ${n}`,
    pageId: `p${n}`,
    title: `Ad ${n}`,
    daysRunning: n,
    winningScore: 50 + (n % 50),
    active: true,
    ...over,
  };
}

function report(id: string, over: Partial<MailReport> = {}): MailReport {
  return {
    id,
    watch: `w-${id}`,
    watch_name: `Watch ${id}`,
    created: '2026-06-10 05:00:00.000Z',
    new_count: 1,
    stopped_count: 0,
    resumed_count: 0,
    products_count: 0,
    stores_count: 0,
    new_ads: [ad(1)],
    stopped_ads: [],
    resumed_ads: [],
    products: [],
    stores: [],
    ...over,
  };
}

function input(reports: MailReport[], over: Partial<ReportMailInput> = {}): ReportMailInput {
  return {
    appUrl: APP,
    email: 'daily',
    reports,
    creatives: {},
    unsubscribeUrl: `${APP}${SERVER_ROUTES.reportUnsubscribe.path}?token=abc.def`,
    ...over,
  };
}

const linksOf = (html: string) => [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);

describe('renderReportMail', () => {
  it('escapes ad text, store, product and watch names: none of it becomes markup', () => {
    const mail = renderReportMail(
      input([
        report('r1', {
          watch_name: HOSTILE,
          new_ads: [ad(1, { title: HOSTILE, store: HOSTILE })],
          stopped_count: 1,
          stopped_ads: [ad(2, { title: HOSTILE })],
          products_count: 1,
          products: [
            {
              key: 'k',
              name: HOSTILE,
              creative: '',
              storesNow: 3,
              storesBefore: 1,
              momentum: 2,
              ads: 1,
              adIds: ['1'],
            },
          ],
        }),
      ]),
    )!;
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('evil.example">');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // the only tags are the template's
    const tags = new Set([...mail.html.matchAll(/<([a-zA-Z0-9]+)/g)].map((m) => m[1]!.toLowerCase()));
    expect([...tags].sort()).toEqual(
      [
        'a',
        'body',
        'br',
        'h2',
        'head',
        'html',
        'img',
        'meta',
        'p',
        'span',
        'strong',
        'table',
        'td',
        'title',
        'tr',
      ].sort(),
    );
    // the subject is one line
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('links only to our origin and the Ad Library; images are ours', () => {
    const mail = renderReportMail(
      input([report('r1', { new_ads: [ad(1, { adId: 'javascript:alert(1)' }), ad(2)] })]),
    )!;
    const links = linksOf(mail.html);
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      expect(link.startsWith(`${APP}/`) || link.startsWith('https://www.facebook.com/ads/library/?id=')).toBe(
        true,
      );
    }
    expect(links).toContain(`${APP}/app/reports?report=r1`);
    expect(links).toContain('https://www.facebook.com/ads/library/?id=1002');
    expect(mail.html).not.toContain('javascript:');
  });

  it('shows the archived 400x0 thumbnail, else the placeholder (not archived, a video without a poster)', () => {
    const mail = renderReportMail(
      input(
        [
          report('r1', {
            new_count: 3,
            new_ads: [ad(1, { creative: 'c1' }), ad(2, { creative: 'c2' }), ad(3, { creative: '' })],
          }),
        ],
        {
          creatives: {
            c1: { id: 'c1', file: 'a.jpg', poster: '', mime: 'image/jpeg' },
            c2: { id: 'c2', file: 'v.mp4', poster: '', mime: 'video/mp4' },
          },
        },
      ),
    )!;
    const images = [...mail.html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1]!);
    expect(images).toEqual(
      expect.arrayContaining([
        `${APP}/api/files/creatives/c1/a.jpg?thumb=400x0`,
        `${APP}${SERVER_ROUTES.reportMailPlaceholder.path}`,
      ]),
    );
    expect(images.filter((src) => src.endsWith('placeholder.png'))).toHaveLength(2);
  });

  it('gathers all watches in one mail, counts summed per watch, each ad once, and names the news', () => {
    const mail = renderReportMail(
      input([
        report('a1', {
          watch: 'wa',
          watch_name: 'Posture US',
          new_count: 2,
          new_ads: [ad(1), ad(2)],
          created: '2026-06-09 05:00:00.000Z',
        }),
        report('a2', {
          watch: 'wa',
          watch_name: 'Posture US',
          new_count: 1,
          new_ads: [ad(2)],
          created: '2026-06-10 05:00:00.000Z',
        }),
        report('b1', {
          watch: 'wb',
          watch_name: 'Lamps DE',
          new_count: 0,
          new_ads: [],
          stopped_count: 2,
          stopped_ads: [ad(5), ad(6)],
        }),
        report('c1', { watch: 'wc', watch_name: 'Quiet', new_count: 0, new_ads: [] }),
      ]),
    )!;
    expect(mail.subject).toBe('3 new ads, 2 ads stopped on 2 watches');
    expect(mail.html).toContain('Posture US');
    expect(mail.html).toContain('Lamps DE');
    expect(mail.html).not.toContain('Quiet');
    // the button opens the watch's newest report
    expect(mail.html).toContain(`${APP}/app/reports?report=a2`);
    expect(mail.html.match(/Ad 2</g)).toHaveLength(1);
    expect(mail.text).toContain('Posture US\n3 new ads');
    expect(mail.text).toContain(
      `Turn report mail off: ${APP}${SERVER_ROUTES.reportUnsubscribe.path}?token=abc.def`,
    );
  });

  it('one watch: the subject is the watch and its news', () => {
    const mail = renderReportMail(
      input([report('r', { watch_name: 'Posture US', new_count: 14, products_count: 2 })]),
    )!;
    expect(mail.subject).toBe('Posture US: 14 new ads, 2 products gaining stores');
  });

  it('sends nothing when no report has news', () => {
    expect(renderReportMail(input([report('r', { new_count: 0, new_ads: [] })]))).toBeNull();
    expect(renderReportMail(input([]))).toBeNull();
  });

  it('stays under 100 KB with 20 watches of full lists and long texts', () => {
    const long = 'Ü'.repeat(2000);
    const full = (i: number) =>
      report(`r${i}`, {
        watch_name: `${long}${i}`,
        new_count: 50,
        stopped_count: 50,
        resumed_count: 50,
        products_count: 50,
        new_ads: Array.from({ length: 50 }, (_, n) => ad(n, { title: long, store: long })),
        stopped_ads: Array.from({ length: 50 }, (_, n) => ad(n + 100, { title: long })),
        resumed_ads: Array.from({ length: 50 }, (_, n) => ad(n + 200, { title: long })),
        products: Array.from({ length: 50 }, (_, n) => ({
          key: `k${n}`,
          name: long,
          creative: '',
          storesNow: 3,
          storesBefore: 1,
          momentum: n,
          ads: 1,
          adIds: ['1'],
        })),
      });
    const mail = renderReportMail(input(Array.from({ length: 20 }, (_, i) => full(i))))!;
    expect(Buffer.byteLength(mail.html, 'utf8')).toBeLessThanOrEqual(REPORT_MAIL_HTML_MAX_BYTES);
    expect(mail.html.match(/Open the report/g)).toHaveLength(20);
    // three watches fit with their top ads
    const few = renderReportMail(input([full(1), full(2), full(3)]))!;
    expect(few.html.match(/<img /g)!.length).toBeGreaterThanOrEqual(9);
  });

  it('counts bytes, not characters: multibyte text never takes a mail past 100 KB', () => {
    // '€' is 3 bytes of UTF-8: some of these mails are under 100,000 characters but over 100 KB
    const euro = '€'.repeat(300);
    for (let watches = 1; watches <= 40; watches += 3) {
      const reports = Array.from({ length: watches }, (_, i) =>
        report(`r${i}`, {
          watch_name: `${euro}${i}`,
          new_count: 5,
          stopped_count: 3,
          resumed_count: 3,
          products_count: 3,
          new_ads: Array.from({ length: 5 }, (_, n) => ad(n, { title: euro, store: euro })),
          stopped_ads: Array.from({ length: 3 }, (_, n) => ad(n + 100, { title: euro, store: euro })),
          resumed_ads: Array.from({ length: 3 }, (_, n) => ad(n + 200, { title: euro, store: euro })),
        }),
      );
      const mail = renderReportMail(input(reports))!;
      expect(Buffer.byteLength(mail.html, 'utf8')).toBeLessThanOrEqual(REPORT_MAIL_HTML_MAX_BYTES);
    }
  });
});
