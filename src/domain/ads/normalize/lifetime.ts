/**
 * Status, start and end dates, and days running. Active ads report today-ish as their end date:
 * that is the day the scraper last saw them, not an end, so an active ad has no end date and runs
 * until the run's `now`.
 */
import { DAY_MS, toPbDate } from '../../text/format.ts';
import { epochMsOf } from './dates.ts';
import type { ItemShape } from './item-shapes.ts';
import { booleanOf, countOf, firstPresent, readField } from './raw-access.ts';

/** Longest run counted: a century. */
const MAX_DAYS_RUNNING = 36500;

export interface Lifetime {
  active_status: 'ACTIVE' | 'INACTIVE' | '';
  start_date: string;
  end_date: string;
  days_running: number;
}

export function lifetimeOf(shape: ItemShape, nowMs: number): Lifetime {
  const { item } = shape;
  // Each candidate is parsed in turn: an unreadable `start_date` must not hide a good formatted one.
  const firstDate = (...names: string[]) =>
    names.map((name) => epochMsOf(readField(item, name))).find((ms) => ms !== null) ?? null;
  const start = firstDate('start_date', 'start_date_formatted', 'ad_delivery_start_time');
  const end = firstDate('end_date', 'end_date_formatted', 'ad_delivery_stop_time');

  let active = booleanOf(readField(item, 'is_active'));
  if (active === null) {
    const status = String(
      firstPresent(readField(item, 'active_status'), readField(item, 'ad_active_status')) ?? '',
    );
    if (/^active$/i.test(status)) active = true;
    else if (/^inactive$/i.test(status)) active = false;
  }
  if (active === null && shape.isGraph) {
    // ads_archive: a blank stop time means the ad runs until stopped.
    active = end === null || end > nowMs;
  }

  let days = 0;
  if (start !== null) {
    if (active) days = (nowMs - start) / DAY_MS;
    else if (end !== null) days = (end - start) / DAY_MS;
  }
  if (!days && !active) {
    const seconds = countOf(readField(item, 'total_active_time'));
    if (seconds) days = (seconds * 1000) / DAY_MS;
  }
  return {
    active_status: active === null ? '' : active ? 'ACTIVE' : 'INACTIVE',
    start_date: start === null ? '' : toPbDate(start),
    end_date: active || end === null ? '' : toPbDate(end),
    days_running: Number.isFinite(days) && days > 0 ? Math.min(Math.floor(days), MAX_DAYS_RUNNING) : 0,
  };
}
