/**
 * The demo Library's clock: which day of its catalogue it is, and the dates that day reports
 * (docs/ad-sources.md#the-demos-day). A demo day lasts SCOUT_DEMO_DAY_SECONDS (a real day by
 * default), so a test or a newcomer can watch a week of the Library pass in a minute.
 *
 * The demo's today is always reported as the real day its demo day began, and every other demo
 * day that many real days before it: an ad that started 12 demo days ago reports a start 12 days
 * before that. Reported dates never pass the real now, and days running (counted by the
 * normalizer from the real now) agree with the demo's own count of days. With a real day per demo
 * day the shift is 0: the dates are the demo days themselves. A fixed epoch instead would run into
 * the future as soon as demo days are shorter than real ones.
 */
import { DAY_MS } from '../domain/text/format.ts';

/** A demo day lasts a real day unless SCOUT_DEMO_DAY_SECONDS says otherwise (src/worker/config.ts). */
export const DEMO_DAY_SECONDS = DAY_MS / 1000;

export interface DemoClock {
  /** The demo day index: whole demo days since the epoch. */
  today: number;
  /**
   * Seconds added to a demo time (demo day × 86,400 + the time of day) to report it: today's
   * demo day lands on the real day it began.
   */
  shiftS: number;
}

export function demoClock(nowMs: number, daySeconds: number = DEMO_DAY_SECONDS): DemoClock {
  const dayMs = daySeconds * 1000;
  const today = Math.floor(nowMs / dayMs);
  const realDay = Math.floor((today * dayMs) / DAY_MS);
  return { today, shiftS: (realDay - today) * (DAY_MS / 1000) };
}
