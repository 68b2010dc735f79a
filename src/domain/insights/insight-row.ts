/**
 * A stored result as the Insights computation reads it (InsightRow): only the fields it uses, so
 * the Web Worker holds and posts less. Rows stored before `reach_known` / `collation_known`
 * existed carry no flag: for them a 0 was the only way to say "not given", so a positive value
 * is known and a 0 is not.
 */
import type { SearchResult } from '../records/entities.ts';
import type { InsightRow } from './insight-types.ts';

export type StoredRow = SearchResult & Partial<Pick<InsightRow, 'reach_known' | 'collation_known'>>;

export function insightRowOf(row: StoredRow): InsightRow {
  return {
    id: row.id,
    run: row.run,
    ad_id: row.ad_id,
    page_id: row.page_id,
    store_name: row.store_name,
    title: row.title,
    product_link: row.product_link,
    country: row.country,
    platforms: row.platforms,
    start_date: row.start_date,
    end_date: row.end_date,
    active_status: row.active_status,
    days_running: row.days_running,
    reach: row.reach,
    collation_count: row.collation_count,
    winning_score: row.winning_score,
    media_url: row.media_url,
    media_poster_url: row.media_poster_url,
    creative: row.creative,
    created: row.created,
    reach_known: row.reach_known ?? row.reach > 0,
    collation_known: row.collation_known ?? row.collation_count > 0,
  };
}
