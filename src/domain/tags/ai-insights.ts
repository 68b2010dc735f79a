/**
 * What the AI page shows (docs/ai.md#the-ai-page), computed from the user's mirrored rows and
 * creatives: which hooks and offers their ads carry and how those ads fare, the text lines read on
 * the creatives of the ads with the best winning scores, offers by country and the languages of
 * the ads. Pure, so the page's Web Worker (src/web/features/ai) and its bench
 * (tests/bench/ai-page.bench.ts) run the same code.
 *
 * Every count is of ads (one `ad_id`, however many runs saw it), each read from its newest row:
 * the row a new scout stored last says best what the ad is now. Its tags are that row's, or the
 * newest row's that has any (rows stored before tagging have none). Built for 50,000 rows: one
 * Map write a row, then work per ad; no string is built per row.
 */
import { dayOfDate, dayOfMs } from '../insights/insight-stats.ts';
import { HOOK_TAGS, LANGUAGE_TAG_PREFIX, OFFER_TAGS } from './vocabulary.ts';

/** The fields of a result row the computation reads. */
export interface AiRow {
  id: string;
  ad_id: string;
  store_name: string;
  country: string;
  tags?: readonly string[] | null;
  days_running: number;
  winning_score: number;
  start_date: string;
  created: string;
  creative: string;
}

/** The fields of an archived creative the computation reads. */
export interface AiCreative {
  id: string;
  text?: string;
}

/** An ad that has run this many days or more counts as long-running (a winner by staying power). */
export const LONG_RUNNING_DAYS = 30;
/** The trend compares ads that started in the last this many days with the as many days before. */
export const TAG_TREND_DAYS = 14;
/** The ads with the best winning scores: this share of the ads scoring above 0 (ties with the last included). */
export const WINNING_SHARE = 0.25;
/** Lines shown under "Headlines on winning creatives", and examples per line. */
export const HEADLINES_MAX = 20;
export const HEADLINE_EXAMPLES_MAX = 3;
/** A line read on a creative longer than this is cut (a paragraph is not a headline). */
export const HEADLINE_CHARS_MAX = 120;
/** Offers named per country, the most common first. */
export const COUNTRY_OFFERS_MAX = 3;

export interface TagWin {
  tag: string;
  /** Ads carrying the tag. */
  ads: number;
  /** Of the ads running LONG_RUNNING_DAYS or more, the share carrying it (0–1); null when there are none. */
  longShare: number | null;
  /** Of all the ads, the share carrying it (0–1). */
  share: number;
  /** Ads carrying it that started in the last TAG_TREND_DAYS days, and in the TAG_TREND_DAYS before. */
  recent: number;
  previous: number;
}

export interface HeadlineExample {
  rowId: string;
  adId: string;
  store: string;
}

export interface Headline {
  /** The line as read (its most common form). */
  line: string;
  /** Winning ads whose creative shows it. */
  ads: number;
  examples: HeadlineExample[];
}

export interface CountryOffers {
  country: string;
  ads: number;
  /** Ads carrying any offer. */
  withOffer: number;
  /** The most common offers, at most COUNTRY_OFFERS_MAX. */
  offers: { tag: string; ads: number }[];
}

export interface LanguageCount {
  tag: string;
  ads: number;
  share: number;
}

export interface AiInsights {
  /** Distinct ads, those running LONG_RUNNING_DAYS or more, and those with tags. */
  ads: number;
  longRunningAds: number;
  taggedAds: number;
  /** Offers and hooks carried by at least one ad, the most carried first. */
  tags: TagWin[];
  /**
   * The ads taken as winning (the best WINNING_SHARE by score, ties included), the lowest score
   * among them, and how many had text read.
   */
  winningAds: number;
  winningScoreFrom: number | null;
  winningAdsWithText: number;
  headlines: Headline[];
  /** Countries, the most ads first. */
  countries: CountryOffers[];
  /** Languages of the ads' copy, the most ads first; `ads` without a language tag are not listed. */
  languages: LanguageCount[];
}

const WIN_TAGS: ReadonlySet<string> = new Set<string>([...OFFER_TAGS, ...HOOK_TAGS]);
const OFFERS: ReadonlySet<string> = new Set<string>(OFFER_TAGS);
const LETTER = /\p{L}/u;

interface Ad {
  /** The newest row, and the newest row with tags. */
  row: AiRow;
  tagged: AiRow | null;
  /** The earliest `created` of its rows: when it was first seen. */
  firstSeen: string;
}

/** Each ad once: its newest row, its newest tagged row and when it was first seen. */
function adsOf(rows: readonly AiRow[]): Ad[] {
  const byId = new Map<string, Ad>();
  for (const row of rows) {
    const key = row.ad_id || `row:${row.id}`;
    const ad = byId.get(key);
    if (!ad) {
      byId.set(key, { row, tagged: row.tags ? row : null, firstSeen: row.created });
      continue;
    }
    if (row.created > ad.row.created) ad.row = row;
    if (row.tags && (!ad.tagged || row.created > ad.tagged.created)) ad.tagged = row;
    if (row.created < ad.firstSeen) ad.firstSeen = row.created;
  }
  return [...byId.values()];
}

interface TagTally {
  ads: number;
  long: number;
  recent: number;
  previous: number;
}

/** The text lines of a creative worth counting: trimmed, spaces collapsed, with a letter, cut to HEADLINE_CHARS_MAX. */
export function headlineLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, ' ').trim().slice(0, HEADLINE_CHARS_MAX).trim();
    if (line.length >= 3 && LETTER.test(line)) lines.push(line);
  }
  return lines;
}

/** How a line is counted: case and the punctuation around it do not make another line. */
function lineKey(line: string): string {
  return line.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, '');
}

function headlinesOf(
  winners: readonly Ad[],
  creatives: ReadonlyMap<string, AiCreative>,
): { headlines: Headline[]; withText: number } {
  const byKey = new Map<string, { forms: Map<string, number>; ads: number; examples: HeadlineExample[] }>();
  let withText = 0;
  for (const ad of winners) {
    const text = creatives.get(ad.row.creative)?.text;
    if (!text) continue;
    withText++;
    const seen = new Set<string>();
    for (const line of headlineLines(text)) {
      const key = lineKey(line);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, (entry = { forms: new Map(), ads: 0, examples: [] }));
      entry.ads++;
      entry.forms.set(line, (entry.forms.get(line) ?? 0) + 1);
      if (entry.examples.length < HEADLINE_EXAMPLES_MAX)
        entry.examples.push({ rowId: ad.row.id, adId: ad.row.ad_id, store: ad.row.store_name });
    }
  }
  const headlines = [...byKey.values()]
    .map((entry) => {
      let line = '';
      let most = 0;
      for (const [form, count] of entry.forms) if (count > most) [line, most] = [form, count];
      return { line, ads: entry.ads, examples: entry.examples };
    })
    .sort((a, b) => b.ads - a.ads || a.line.localeCompare(b.line))
    .slice(0, HEADLINES_MAX);
  return { headlines, withText };
}

/**
 * The ads with the best winning scores: the best WINNING_SHARE of those scoring above 0, ties with
 * the last one included, in the ads' order; and the lowest score among them. The threshold comes
 * from a numeric sort of the scores alone (a typed array): sorting 40,000 ads by a comparator cost
 * several times more.
 */
function winnersOf(ads: readonly Ad[]): { winners: Ad[]; from: number | null } {
  let scored = 0;
  for (const ad of ads) if (ad.row.winning_score > 0) scored++;
  if (scored === 0) return { winners: [], from: null };
  const scores = new Float64Array(scored);
  let i = 0;
  for (const ad of ads) if (ad.row.winning_score > 0) scores[i++] = ad.row.winning_score;
  scores.sort();
  const from = scores[scored - Math.ceil(scored * WINNING_SHARE)]!;
  return { winners: ads.filter((ad) => ad.row.winning_score >= from), from };
}

export function computeAiInsights(
  rows: readonly AiRow[],
  creatives: readonly AiCreative[],
  now: number,
): AiInsights {
  const ads = adsOf(rows);
  const today = dayOfMs(now);
  const tallies = new Map<string, TagTally>();
  const countries = new Map<string, { ads: number; withOffer: number; offers: Map<string, number> }>();
  // a country as stored ('de ') to its place: trimmed and upper-cased once per spelling, not per ad
  const placeOf = new Map<string, { ads: number; withOffer: number; offers: Map<string, number> }>();
  const languages = new Map<string, number>();
  let longRunningAds = 0;
  let taggedAds = 0;

  for (const ad of ads) {
    const long = ad.row.days_running >= LONG_RUNNING_DAYS;
    if (long) longRunningAds++;
    const startDay = dayOfDate(ad.row.start_date) ?? dayOfDate(ad.firstSeen);
    const age = startDay === null ? -1 : today - startDay;
    const recent = age >= 0 && age < TAG_TREND_DAYS;
    const previous = age >= TAG_TREND_DAYS && age < 2 * TAG_TREND_DAYS;
    let place = placeOf.get(ad.row.country);
    if (!place) {
      const country = ad.row.country.trim().toUpperCase();
      place = countries.get(country);
      if (!place) countries.set(country, (place = { ads: 0, withOffer: 0, offers: new Map() }));
      placeOf.set(ad.row.country, place);
    }
    place.ads++;

    const tags = ad.tagged?.tags;
    if (!tags || tags.length === 0) continue;
    taggedAds++;
    let offered = false;
    for (const tag of tags) {
      if (tag.startsWith(LANGUAGE_TAG_PREFIX)) {
        languages.set(tag, (languages.get(tag) ?? 0) + 1);
        continue;
      }
      if (!WIN_TAGS.has(tag)) continue;
      let tally = tallies.get(tag);
      if (!tally) tallies.set(tag, (tally = { ads: 0, long: 0, recent: 0, previous: 0 }));
      tally.ads++;
      if (long) tally.long++;
      if (recent) tally.recent++;
      if (previous) tally.previous++;
      if (OFFERS.has(tag)) {
        offered = true;
        place.offers.set(tag, (place.offers.get(tag) ?? 0) + 1);
      }
    }
    if (offered) place.withOffer++;
  }

  const total = ads.length;
  const tags: TagWin[] = [...tallies]
    .map(([tag, tally]) => ({
      tag,
      ads: tally.ads,
      longShare: longRunningAds > 0 ? tally.long / longRunningAds : null,
      share: tally.ads / total,
      recent: tally.recent,
      previous: tally.previous,
    }))
    .sort((a, b) => b.ads - a.ads || a.tag.localeCompare(b.tag));

  const { winners, from } = winnersOf(ads);
  const byId = new Map(creatives.map((creative) => [creative.id, creative]));
  const { headlines, withText } = headlinesOf(winners, byId);

  return {
    ads: total,
    longRunningAds,
    taggedAds,
    tags,
    winningAds: winners.length,
    winningScoreFrom: from,
    winningAdsWithText: withText,
    headlines,
    countries: [...countries]
      .map(([country, place]) => ({
        country,
        ads: place.ads,
        withOffer: place.withOffer,
        offers: [...place.offers]
          .map(([tag, count]) => ({ tag, ads: count }))
          .sort((a, b) => b.ads - a.ads || a.tag.localeCompare(b.tag))
          .slice(0, COUNTRY_OFFERS_MAX),
      }))
      .sort((a, b) => b.ads - a.ads || a.country.localeCompare(b.country)),
    languages: [...languages]
      .map(([tag, count]) => ({ tag, ads: count, share: count / total }))
      .sort((a, b) => b.ads - a.ads || a.tag.localeCompare(b.tag)),
  };
}
