/**
 * One Lighthouse run (the `lighthouse` npm package, its default mobile settings: a mid-range phone,
 * slow 4G and a 4× slower CPU, simulated) of a URL in an already launched Chromium, and the figures
 * the browser benchmarks report from it (lighthouse.bench.ts, share-page.bench.ts).
 */
import lighthouse from 'lighthouse';

export interface RunFigures {
  performance: number;
  seo: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** What Lighthouse names as the LCP element. */
  lcpElement: string;
}

export type NumericFigure = Exclude<keyof RunFigures, 'lcpElement'>;

/** The selector of the LCP element in the audit's details (a list whose first table names it). */
function lcpElement(details: unknown): string {
  const tables = (
    details as { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined
  )?.items;
  return tables?.[0]?.items?.[0]?.node?.selector ?? 'not named';
}

/** Performance, accessibility and SEO of `url` (a page that is noindex on purpose scores low on SEO). */
export async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  const value = (name: string) => audits[name]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    seo: score('seo'),
    accessibility: score('accessibility'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    lcpElement: lcpElement(audits['largest-contentful-paint-element']?.details),
  };
}
