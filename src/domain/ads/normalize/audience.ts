/**
 * Whom and where the ad reached: EU/UK reach, ages and gender from the transparency blocks the
 * Library shows for EU and UK delivery (absent elsewhere), and the platforms it ran on. Builds nest
 * the blocks in different places; ads_archive puts their fields at the top of the item.
 */
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import { capText, cleanText } from '../../text/text.ts';
import type { ItemShape } from './item-shapes.ts';
import {
  arrayOrEmpty,
  countOrNull,
  firstPresent,
  isJsonObject,
  readField,
  readPath,
  type JsonObject,
} from './raw-access.ts';

export interface Audience {
  reach: number;
  /** Whether the source gave a reach (0 included); false outside the EU and the UK. */
  reach_known: boolean;
  age_ranges: string;
  gender_audience: string;
}

interface TransparencyBlocks {
  eu: JsonObject[];
  uk: JsonObject[];
}

/**
 * The EU and UK transparency blocks, each list in the order docs/ad-sources.md#eu-and-uk-transparency gives.
 */
function transparencyBlocksOf(item: JsonObject): TransparencyBlocks {
  return {
    eu: [
      readPath(item, 'transparency_by_location.eu_transparency'),
      readField(item, 'aaa_info'),
      readPath(item, 'ad_details.aaa_info'),
      readPath(item, 'ad_details.transparency_by_location.eu_transparency'),
      item, // ads_archive puts eu_total_reach, target_ages… at the top
    ].filter(isJsonObject),
    uk: [
      readPath(item, 'transparency_by_location.uk_transparency'),
      readPath(item, 'ad_details.transparency_by_location.uk_transparency'),
    ].filter(isJsonObject),
  };
}

/**
 * The first non-zero count among `names`, block by block; 0 when the only counts given are 0;
 * null when none is given.
 */
function firstCount(blocks: unknown[], names: string[]): number | null {
  let zero: number | null = null;
  for (const block of blocks) {
    for (const name of names) {
      const n = countOrNull(readField(block, name));
      if (n) return n;
      if (n === 0) zero = 0;
    }
  }
  return zero;
}

/** The first non-zero of `counts`; else 0 when one is 0; else null. */
function firstNonZero(...counts: (number | null)[]): number | null {
  return counts.find((n) => n) ?? (counts.includes(0) ? 0 : null);
}

/**
 * EU reach plus UK reach (disjoint audiences), each from the first block that has it; null when the
 * source gave no reach at all (outside the EU and the UK), which is not a reach of 0.
 */
function reachOf(item: JsonObject, blocks: TransparencyBlocks): number | null {
  const eu = firstCount(blocks.eu, ['eu_total_reach']);
  const uk = firstNonZero(
    firstCount(blocks.uk, ['uk_total_reach', 'total_reach']),
    firstCount([item], ['uk_total_reach']),
  );
  if (eu || uk) return Math.min((eu ?? 0) + (uk ?? 0), Number.MAX_SAFE_INTEGER);
  // ads_archive's per-location totals (EU, UK, BR), when the single total is absent.
  let byLocation: number | null = null;
  for (const entry of arrayOrEmpty(readField(item, 'total_reach_by_location'))) {
    const n = countOrNull(
      firstPresent(readField(entry, 'reach'), readField(entry, 'total_reach'), readField(entry, 'value')),
    );
    if (n !== null) byLocation = Math.min((byLocation ?? 0) + n, Number.MAX_SAFE_INTEGER);
  }
  return firstNonZero(byLocation, eu, uk);
}

/** An age the Library can show (13–100), from 18, '18' or '65+'; else null. */
function ageBound(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseInt(value, 10) : NaN;
  return Number.isInteger(n) && n >= 13 && n <= 100 ? n : null;
}

/** '18-65' from {min,max} or Graph `target_ages`; else the breakdown's age ranges, sorted. */
function ageRangesOf(blocks: JsonObject[]): string {
  for (const block of blocks) {
    const audience = readField(block, 'age_audience');
    const min = ageBound(readField(audience, 'min'));
    const max = ageBound(readField(audience, 'max'));
    if (min !== null && max !== null && min <= max) return `${min}-${max}`;
    if (min !== null && max === null) return `${min}+`;
    const targets = arrayOrEmpty(readField(block, 'target_ages'))
      .map(ageBound)
      .filter((n): n is number => n !== null);
    if (targets.length > 0) return `${Math.min(...targets)}-${Math.max(...targets)}`;
  }
  for (const block of blocks) {
    const ranges = new Set<string>();
    for (const country of arrayOrEmpty(readField(block, 'age_country_gender_reach_breakdown'))) {
      for (const row of arrayOrEmpty(readField(country, 'age_gender_breakdowns'))) {
        const range = readField(row, 'age_range');
        if (typeof range === 'string' && /^\d{1,3}(-\d{1,3}|\+)$/.test(range.trim()))
          ranges.add(range.trim());
      }
    }
    if (ranges.size > 0) return [...ranges].sort((a, b) => parseInt(a, 10) - parseInt(b, 10)).join(', ');
  }
  return '';
}

/** The Library's words for the genders sources name. */
const GENDERS: Record<string, string> = {
  all: 'All',
  both: 'All',
  women: 'Women',
  female: 'Women',
  men: 'Men',
  male: 'Men',
};

/** 'All', 'Women' or 'Men'; other values kept as text. */
function genderOf(blocks: JsonObject[]): string {
  for (const block of blocks) {
    const value = firstPresent(readField(block, 'gender_audience'), readField(block, 'target_gender'));
    const text = cleanText(value, { maxLength: AD_TEXT_CAPS.gender_audience });
    if (text) return GENDERS[text.toLowerCase()] ?? text;
  }
  return '';
}

export function audienceOf(shape: ItemShape): Audience {
  const blocks = transparencyBlocksOf(shape.item);
  const audienceBlocks = [...blocks.eu, ...blocks.uk];
  const reach = reachOf(shape.item, blocks);
  return {
    reach: reach ?? 0,
    reach_known: reach !== null,
    age_ranges: capText(ageRangesOf(audienceBlocks), AD_TEXT_CAPS.age_ranges),
    gender_audience: genderOf(audienceBlocks),
  };
}

/** The order platforms are listed in; unknown ones follow alphabetically. */
const PLATFORM_ORDER = [
  'FACEBOOK',
  'INSTAGRAM',
  'AUDIENCE_NETWORK',
  'MESSENGER',
  'THREADS',
  'WHATSAPP',
  'OCULUS',
];

/** Upper-case platform names in one fixed order, ', '-separated: FACEBOOK, INSTAGRAM. */
export function platformsOf(shape: ItemShape): string {
  const value = firstPresent(
    readField(shape.item, 'publisher_platform'),
    readField(shape.item, 'publisher_platforms'),
  );
  const items = typeof value === 'string' ? value.split(',') : arrayOrEmpty(value);
  const names = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string') continue;
    const name = item
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
    if (/^[A-Z_]{1,40}$/.test(name)) names.add(name);
  }
  const rank = (name: string) => {
    const i = PLATFORM_ORDER.indexOf(name);
    return i < 0 ? PLATFORM_ORDER.length : i;
  };
  const sorted = [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  // Whole names only: a cut name would be a platform that does not exist.
  while (sorted.join(', ').length > AD_TEXT_CAPS.platforms) sorted.pop();
  return sorted.join(', ');
}
