import { describe, expect, it } from 'vitest';
import { runCoverageText, runStatusBadge, scoutRefusal } from './runs.ts';

describe('runStatusBadge', () => {
  it('maps the three statuses and treats anything else as Working', () => {
    expect(runStatusBadge('completed')).toEqual({ label: 'Completed', tone: 'success' });
    expect(runStatusBadge('working')).toEqual({ label: 'Working', tone: 'warning' });
    expect(runStatusBadge('failed')).toEqual({ label: 'Failed', tone: 'danger' });
    expect(runStatusBadge('queued')).toEqual({ label: 'Working', tone: 'warning' });
    expect(runStatusBadge(undefined)).toEqual({ label: 'Working', tone: 'warning' });
  });
});

describe('scoutRefusal', () => {
  it('refuses a second run first', () => {
    expect(scoutRefusal({ hasWorkingRun: true, totalRemaining: 0, requestedCount: 5 })).toBe(
      'You already have an active search running',
    );
  });
  it('refuses when nothing remains', () => {
    expect(scoutRefusal({ hasWorkingRun: false, totalRemaining: 0, requestedCount: 1 })).toMatch(
      /^You've reached your monthly results limit/,
    );
    expect(scoutRefusal({ hasWorkingRun: false, totalRemaining: -3, requestedCount: 1 })).toMatch(
      /monthly results limit/,
    );
  });
  it('refuses a request over the total, with both numbers', () => {
    expect(scoutRefusal({ hasWorkingRun: false, totalRemaining: 50, requestedCount: 100 })).toBe(
      "You don't have enough results! You have 50 results available, but requested 100.",
    );
  });
  it('accepts a request within the total, including exactly all of it', () => {
    expect(scoutRefusal({ hasWorkingRun: false, totalRemaining: 100, requestedCount: 100 })).toBeNull();
    expect(scoutRefusal({ hasWorkingRun: false, totalRemaining: 2500, requestedCount: 1 })).toBeNull();
  });
});

describe('runCoverageText', () => {
  const run = { status: 'completed', progress: 250, results_count: 250, library_total: 4100 } as const;
  it("says how many of the Library's ads the run found, with separators", () => {
    expect(runCoverageText(run)).toBe('250 of about 4,100 ads in the Library for this search');
    expect(runCoverageText({ ...run, status: 'working', progress: 75, results_count: 0 })).toBe(
      '75 of about 4,100 ads in the Library for this search',
    );
  });
  it('says nothing when the source did not say (0, or a run mirrored before the field)', () => {
    expect(runCoverageText({ ...run, library_total: 0 })).toBeNull();
    expect(runCoverageText({ status: 'completed', progress: 3, results_count: 3 })).toBeNull();
  });
});
