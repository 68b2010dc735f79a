import { describe, expect, it } from 'vitest';
import { checkInput } from '../forms/forms.ts';
import { DAY_MS } from '../text/format.ts';
import { watchFormSchema } from './watch-form.ts';
import {
  cadenceLabel,
  nextRunAfter,
  resumedRunAt,
  WATCH_MESSAGES,
  WATCH_SCOUT_FIELDS,
  watchFieldOf,
  watchRunMessage,
} from './watches.ts';

const HOUR = 3600_000;
const planned = Date.UTC(2026, 10, 23, 8, 0, 0);

describe('nextRunAfter', () => {
  it('advances a daily watch one day from its planned time, however late the run started', () => {
    expect(nextRunAfter(planned, 'daily', planned)).toBe(planned + DAY_MS);
    expect(nextRunAfter(planned, 'daily', planned + 50 * 1000)).toBe(planned + DAY_MS);
    expect(nextRunAfter(planned, 'daily', planned + 23 * HOUR)).toBe(planned + DAY_MS);
  });

  it('advances a weekly watch seven days', () => {
    expect(nextRunAfter(planned, 'weekly', planned + 5 * 60_000)).toBe(planned + 7 * DAY_MS);
  });

  it('skips missed periods instead of piling them up', () => {
    expect(nextRunAfter(planned, 'daily', planned + 3 * DAY_MS + HOUR)).toBe(planned + 4 * DAY_MS);
    expect(nextRunAfter(planned, 'daily', planned + DAY_MS)).toBe(planned + 2 * DAY_MS);
    expect(nextRunAfter(planned, 'weekly', planned + 20 * DAY_MS)).toBe(planned + 21 * DAY_MS);
  });

  it('is always after now, even for a plan in the future', () => {
    expect(nextRunAfter(planned, 'daily', planned - HOUR)).toBe(planned + DAY_MS);
  });
});

describe('resumedRunAt', () => {
  it('keeps a plan still ahead, moves a past one to its next slot, and runs an unplanned one now', () => {
    expect(resumedRunAt(planned + HOUR, 'daily', planned)).toBe(planned + HOUR);
    expect(resumedRunAt(planned, 'daily', planned + 2 * DAY_MS + HOUR)).toBe(planned + 3 * DAY_MS);
    expect(resumedRunAt(null, 'weekly', planned)).toBe(planned);
  });
});

describe('watchFormSchema', () => {
  const form = {
    name: ' Lamps ',
    facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
    target_country: 'US',
    keywords_used: 'a,  b',
    requested_count: '25',
    cadence: 'weekly',
  };

  it('takes the scout form’s fields and rules, active by default', () => {
    expect(checkInput(watchFormSchema, form)).toEqual({
      ok: true,
      data: {
        name: 'Lamps',
        facebook_link: form.facebook_link,
        target_country: 'US',
        keywords_used: 'a, b',
        requested_count: 25,
        cadence: 'weekly',
        active: true,
      },
    });
    expect(checkInput(watchFormSchema, { ...form, name: '' })).toEqual({
      ok: false,
      message: 'Search name is required',
    });
    expect(checkInput(watchFormSchema, { ...form, requested_count: 0 })).toEqual({
      ok: false,
      message: 'Number of ads must be between 1 and 1000',
    });
  });

  it('refuses a cadence other than daily or weekly', () => {
    for (const cadence of ['hourly', '', undefined, 'Daily']) {
      expect(checkInput(watchFormSchema, { ...form, cadence })).toEqual({
        ok: false,
        message: WATCH_MESSAGES.cadenceInvalid,
      });
    }
  });
});

describe('labels and messages', () => {
  it('names the cadence and words the notification', () => {
    expect(cadenceLabel('daily')).toBe('Daily');
    expect(cadenceLabel('weekly')).toBe('Weekly');
    expect(watchRunMessage('Dog toys', 12)).toBe('Dog toys: 12 new ads');
  });
});

describe('a watch’s scout form fields', () => {
  it('are the scout form’s, with its name for the search name', () => {
    expect([...WATCH_SCOUT_FIELDS]).toEqual(
      Object.keys(watchFormSchema.shape).filter((key) => key !== 'cadence' && key !== 'active'),
    );
    expect(watchFieldOf('search_name')).toBe('name');
    expect(watchFieldOf('requested_count')).toBe('requested_count');
  });
});
