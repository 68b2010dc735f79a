/**
 * Realistic search_results rows for benchmarks: the demo source's catalogue (the same raw items a
 * demo scout receives) through the real normalizer, so every row has the 24 ad fields with varied,
 * realistic text (about 1.1 KB of ad fields per row) and the derived columns.
 */
import { normalizeAd, type NormalizedAd } from '../../../src/domain/ads/normalize/normalize-ad.ts';
import { buildDemoCatalogue } from '../../../src/demo-library/library.ts';
import { NICHES } from '../../../src/demo-library/catalogue.ts';
import { sourceQuery } from '../../fixtures/source-query.ts';

/** Run countries the search_runs collection accepts (EU/UK ones carry reach, age and gender). */
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'ES', 'IT', 'NL', 'SE'] as const;

export interface SeedRun {
  /** search_runs fields (without user) of a completed demo scout. */
  run: {
    search_name: string;
    facebook_link: string;
    target_country: string;
    keywords_used: string;
    requested_count: number;
  };
  rows: Array<NormalizedAd & { is_new: boolean }>;
}

/** `runs` completed scouts of `perRun` rows each (at most 1,000), varied by niche, product and country. */
export function realisticRuns(runs: number, perRun: number, nowMs = Date.now()): SeedRun[] {
  const out: SeedRun[] = [];
  for (let r = 0; r < runs; r++) {
    const niche = NICHES[r % NICHES.length]!;
    const product = niche.products[Math.floor(r / NICHES.length) % niche.products.length]!;
    const terms = product.tags.slice(0, 2).join(' ');
    const country = COUNTRIES[r % COUNTRIES.length]!;
    const libraryUrl = `https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=${country}&q=${encodeURIComponent(terms)}`;
    const query = sourceQuery({ libraryUrl, country, searchTerms: terms, limit: perRun });
    const rows: SeedRun['rows'] = [];
    for (const item of buildDemoCatalogue(query, nowMs)) {
      if (rows.length === perRun) break;
      const result = normalizeAd(item, { keywords: terms, country, now: nowMs });
      if (result.ok) rows.push({ ...result.ad, is_new: rows.length % 4 !== 0 });
    }
    if (rows.length < perRun) {
      throw new Error(`the demo catalogue for "${terms}" in ${country} holds only ${rows.length} ads`);
    }
    out.push({
      run: {
        search_name: `${product.name} ${country}`,
        facebook_link: libraryUrl,
        target_country: country,
        keywords_used: terms,
        requested_count: perRun,
      },
      rows,
    });
  }
  return out;
}
