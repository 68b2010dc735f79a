import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../text/format.ts';
import { itemShapeOf } from './item-shapes.ts';
import { lifetimeOf } from './lifetime.ts';

/** The day after the scrape of the samples. */
const NOW = Date.UTC(2025, 3, 17);
const lifetime = (item: Record<string, unknown>, nowMs = NOW) => lifetimeOf(itemShapeOf(item), nowMs);

describe('lifetimeOf: dates', () => {
  it('writes dates as PocketBase stores them', () => {
    expect(lifetime({ start_date: 1729753200, is_active: true }).start_date).toBe('2024-10-24 07:00:00.000Z');
  });

  it('falls back to the formatted date when the Unix one is unreadable', () => {
    const times = lifetime({ start_date: 'n/a', start_date_formatted: '2025-03-20 07:00:00' });
    expect(times.start_date).toBe('2025-03-20 07:00:00.000Z');
  });

  it('reads the Graph delivery times', () => {
    const times = lifetime({
      ad_delivery_start_time: '2024-11-03T00:00:00+0000',
      ad_delivery_stop_time: '2024-12-24T00:00:00+0000',
    });
    expect(times).toEqual({
      active_status: 'INACTIVE',
      start_date: '2024-11-03 00:00:00.000Z',
      end_date: '2024-12-24 00:00:00.000Z',
      days_running: 51,
    });
  });
});

describe('lifetimeOf: days running', () => {
  it('counts to `now` for active ads and to the end for stopped ones', () => {
    const start = Date.UTC(2025, 0, 1) / 1000;
    const end = Date.UTC(2025, 0, 31, 12) / 1000;
    const active = lifetime({ is_active: true, start_date: start, end_date: end });
    expect([active.days_running, active.end_date]).toEqual([106, '']);
    const stopped = lifetime({ is_active: false, start_date: start, end_date: end });
    expect([stopped.days_running, stopped.end_date]).toEqual([30, '2025-01-31 12:00:00.000Z']);
    expect(lifetime({ is_active: false, total_active_time: 864000 }).days_running).toBe(10);
    expect(lifetime({ is_active: true, start_date: NOW / 1000 + 86400 }).days_running).toBe(0);
  });

  it('counts no days when `now` is unknown (0), and whole days over the longest possible run', () => {
    expect(lifetime({ is_active: true, start_date: '2024-01-01' }, 0).days_running).toBe(0);
    const longest = lifetime({ is_active: false, start_date: '2004-01-01', end_date: '2099-12-31T12:00Z' });
    expect(longest.days_running).toBe((Date.UTC(2099, 11, 31) - Date.UTC(2004, 0, 1)) / DAY_MS);
  });
});

describe('lifetimeOf: status', () => {
  it('reads the status from is_active, a status text, or the Graph stop time', () => {
    expect(lifetime({ isActive: 'false' }).active_status).toBe('INACTIVE');
    expect(lifetime({ active_status: 'active' }).active_status).toBe('ACTIVE');
    expect(lifetime({ id: '1', ad_delivery_stop_time: null }).active_status).toBe('ACTIVE');
    expect(lifetime({ id: '1', ad_delivery_stop_time: '2025-04-16' }).active_status).toBe('INACTIVE');
    expect(lifetime({ id: '1', ad_delivery_stop_time: '2025-05-01' }).active_status).toBe('ACTIVE');
    expect(lifetime({ end_date: 1744786800 }).active_status).toBe('');
  });

  it('reads 1 and 0 as booleans, and "inactive" as a status', () => {
    expect(lifetime({ is_active: 1 }).active_status).toBe('ACTIVE');
    expect(lifetime({ is_active: 0 }).active_status).toBe('INACTIVE');
    expect(lifetime({ is_active: 'FALSE ' }).active_status).toBe('INACTIVE');
    expect(lifetime({ ad_active_status: 'INACTIVE' }).active_status).toBe('INACTIVE');
  });
});
