/**
 * Watches: saved searches the server re-runs on their cadence (docs/watches.md). The form rules are the
 * scout form's (forms.ts) plus the cadence; the schedule arithmetic is here so the scheduler hook
 * and the tests share it. A watch's next run advances by whole periods from the time it was
 * planned for, never from when a run finished, and periods missed while the server was down or
 * the run was refused do not pile up: the next run is the first planned time after now.
 */
import { SCOUT_FORM_FIELDS, type ScoutFormField } from '../forms/scout-fields.ts';
import { DAY_MS } from '../text/format.ts';

export const WATCH_CADENCES = ['daily', 'weekly'] as const;
export type WatchCadence = (typeof WATCH_CADENCES)[number];

export const WATCH_LIMITS = {
  /** Watches a user may have at once. */
  perUser: 20,
  /** Due watches one scheduler tick starts at most; the rest wait for the next tick. */
  startsPerTick: 50,
} as const;

export const WATCH_MESSAGES = {
  cadenceInvalid: 'Repeat must be Daily or Weekly',
  activeInvalid: 'Active must be true or false',
  tooMany: `You can have at most ${WATCH_LIMITS.perUser} watches. Delete one to add another.`,
  offline: 'Watches can be changed only while you are online. They are shown as last synced.',
  saved: 'Watch saved',
  deleted: 'Watch deleted',
  updateFailed: 'Failed to update the watch',
  deleteFailed: 'Failed to delete the watch',
} as const;

const PERIOD_MS: Record<WatchCadence, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

/** Where a watch keeps a field of the scout form: under its own name, but for its `name`, the runs' search_name. */
export type WatchScoutField = Exclude<ScoutFormField, 'search_name'> | 'name';
export function watchFieldOf(field: ScoutFormField): WatchScoutField {
  return field === 'search_name' ? 'name' : field;
}
/** The scout form's fields of a watch, under the watch's names. */
export const WATCH_SCOUT_FIELDS: readonly WatchScoutField[] = SCOUT_FORM_FIELDS.map(watchFieldOf);

/**
 * The first planned time after `now`: `planned` plus as many whole periods as it takes (at least
 * one). A planned time far in the past (a server down for a week) gives one run, not a backlog.
 */
export function nextRunAfter(planned: number, cadence: WatchCadence, now: number): number {
  const period = PERIOD_MS[cadence];
  const periods = Math.max(1, Math.floor((now - planned) / period) + 1);
  return planned + periods * period;
}

/** When a watch that is resumed at `now` runs next: its plan, moved past the periods it was paused. */
export function resumedRunAt(planned: number | null, cadence: WatchCadence, now: number): number {
  if (planned === null) return now;
  return planned > now ? planned : nextRunAfter(planned, cadence, now);
}

/** The cadence as the Repeat control and the Watches panel show it. */
export function cadenceLabel(cadence: string): string {
  return cadence === 'weekly' ? 'Weekly' : cadence === 'daily' ? 'Daily' : cadence;
}

/** The toast and the system notification of a finished run that the page did not start itself. */
export function watchRunMessage(name: string, newAds: number): string {
  return `${name}: ${newAds} new ads`;
}
