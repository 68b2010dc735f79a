/**
 * A demo creative's life and how the Library ranks it, in demo days (clock.ts). It starts on its
 * day and runs for its lifetime; a long runner may pause once for a few days and come back, its
 * start date unchanged, as advertisers switch a winner off and on. The life is drawn from the
 * creative's key alone, so the ad is the same whatever day the catalogue is built on; what it
 * shows (active or not, its end date, its rank) depends on the day asked about.
 */
import { Rand } from './random.ts';

/** The days a creative runs, first and last, both included. */
export type Span = readonly [first: number, last: number];

export interface Life {
  startDay: number;
  /** Its active spans in order: one, or two around a pause. */
  spans: readonly Span[];
}

/** Share of the creatives that pause once and come back: a fifth of those running 20 days or more, half of the long runners (90 days or more), whose advertisers switch them off and on. */
const pauseChance = (lifetime: number) => (lifetime >= 90 ? 0.5 : lifetime >= 20 ? 0.2 : 0);
const PAUSE_DAYS = { min: 1, max: 4 } as const;

/**
 * The life of a creative that starts on `startDay` and runs `lifetime` days after it (active on
 * both ends; the last span ends `lifetime` days after it starts, plus any pause). Its own draws
 * (`key`), so adding the pause changed none of the creative's other values.
 */
export function drawLife(key: string, startDay: number, lifetime: number): Life {
  const rand = new Rand(`${key}|life`);
  if (!rand.chance(pauseChance(lifetime))) return { startDay, spans: [[startDay, startDay + lifetime]] };
  const runFor = rand.int(5, lifetime - 3);
  const pause = rand.int(PAUSE_DAYS.min, PAUSE_DAYS.max);
  return {
    startDay,
    spans: [
      [startDay, startDay + runFor],
      [startDay + runFor + pause + 1, startDay + lifetime + pause],
    ],
  };
}

/** The life cut short after `lastDay` (its store stopped selling the product, trends.ts). */
export function lifeUntil(life: Life, lastDay: number): Life {
  const spans = life.spans
    .filter(([first]) => first <= lastDay)
    .map(([first, last]): Span => [first, Math.min(last, lastDay)]);
  return { startDay: life.startDay, spans };
}

/** The last day a life runs. */
export function lastDayOf(life: Life): number {
  return life.spans[life.spans.length - 1]![1];
}

export interface LifeState {
  active: boolean;
  /** The last day of the latest span that ended before `day`; null while none has. */
  stoppedDay: number | null;
  /** The last day it ran on or before `day` (today while active). */
  lastActiveDay: number;
}

/** What a creative shows on demo day `day` (a day after its start: none starts today). */
export function lifeOn(life: Life, day: number): LifeState {
  let stoppedDay: number | null = null;
  for (const [first, last] of life.spans) {
    if (day < first) break;
    if (day <= last) return { active: true, stoppedDay, lastActiveDay: day };
    stoppedDay = last;
  }
  return { active: false, stoppedDay, lastActiveDay: stoppedDay ?? life.startDay };
}

/**
 * How high the Library lists a creative on `day`: its fixed share (`base`, noise drawn once), then
 * what it shows that day: still running (or stopped in the last days), long-running, many copies,
 * new (the first days after it starts), and a little noise of the day, so the order moves from
 * day to day as the Library's does and a watch sees new ads and misses some it saw.
 */
export function relevanceOn(
  key: string,
  life: Life,
  state: LifeState,
  day: number,
  base: number,
  copies: number,
): number {
  const sinceStop = state.active ? 0 : day - (state.stoppedDay ?? day);
  // A stopped ad keeps its place two days, then sinks over four: a short pause stays in view.
  const running = state.active || sinceStop <= 2 ? 0.35 : sinceStop < 6 ? (0.35 * (6 - sinceStop)) / 4 : 0;
  const age = day - life.startDay;
  const fresh = age <= 3 ? 0.15 * (4 - age) : 0;
  const ofTheDay = 0.06 * new Rand(`${key}|rank|${day}`).next();
  return (
    base +
    running +
    Math.log10(1 + state.lastActiveDay - life.startDay) * 0.15 +
    Math.log10(copies) * 0.2 +
    fresh +
    ofTheDay
  );
}
