/**
 * The "Reports by email" card (docs/reports.md#reports-by-email), in Chromium, over stand-in data
 * modules: the default the server would apply when there is no record (and why nothing is sent
 * yet), the browser's time zone sent with a save (UTC, said so, when the list lacks it), a 400
 * naming `send_hour` shown under that field, and the card read-only offline.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { fieldRefusal } from '../../../../tests/fixtures/client-errors.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  PRODUCT_MESSAGES,
  REPORT_SETTINGS_MESSAGES,
  reportEmailZoneUnknownMessage,
  type ReportSettings,
  type Watch,
} from '../../../domain/index.ts';
import { ToastProvider } from '../../components/toast.tsx';
import type { ReportSettingsChanges, ReportSettingsState } from '../../data/local/report-settings.ts';
import { ReportEmailCard } from './report-email-card.tsx';

const data = vi.hoisted(() => ({
  state: { status: 'ready', settings: null } as ReportSettingsState,
  watches: [] as Watch[] | undefined,
  online: 'online' as 'online' | 'offline',
  save: vi.fn<(changes: ReportSettingsChanges) => Promise<ReportSettings>>(),
}));
vi.mock('../../data/local/report-settings.ts', () => ({
  useReportSettings: () => data.state,
  saveReportSettings: data.save,
}));
vi.mock('../../data/local/local-reads.ts', () => ({ useLocalWatches: () => data.watches }));
vi.mock('../../data/browser/connectivity.ts', () => ({ useConnectivity: () => data.online }));
vi.mock('../../data/server/session.ts', () => ({
  useSession: () => ({ userId: 'user1', email: 'owner@adscout.test' }),
}));

const RECORD: ReportSettings = {
  id: 'rs1',
  collectionId: 'c',
  collectionName: 'report_settings',
  created: '2026-11-20 08:00:00.000Z',
  updated: '2026-11-20 08:00:00.000Z',
  user: 'user1',
  email: 'daily',
  send_hour: 7,
  time_zone: 'UTC',
  next_digest_at: '2026-11-30 07:00:00.000Z',
  last_digest_at: '',
} as ReportSettings;

/** Makes this browser's time zone `zone` for the test (Chromium here runs in UTC). */
function browserZone(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: zone };
  });
}

beforeEach(() => {
  data.state = { status: 'ready', settings: null };
  data.watches = [];
  data.online = 'online';
  data.save.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderCard() {
  return render(
    <StrictMode>
      <ToastProvider describeError={(_error, fallback) => fallback}>
        <ReportEmailCard />
      </ToastProvider>
    </StrictMode>,
  );
}

const choice = () => screen.getByLabelText('Email me') as HTMLSelectElement;
const hour = () => screen.getByLabelText('Send hour') as HTMLSelectElement;
const save = () => screen.getByRole('button', { name: 'Save' });
const selectedText = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '';
/** The error tied to a field for screen readers (SelectField's aria-describedby). */
const errorOf = (select: HTMLSelectElement) =>
  document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('ReportEmailCard', () => {
  it('with no record and no watch, shows the server’s default and that digests start with the first watch', async () => {
    renderCard();
    expect(choice().value).toBe('daily');
    expect(selectedText(choice())).toBe('Daily digest');
    expect(hour().value).toBe('7');
    expect(hour().options).toHaveLength(24);
    // the hour in the user's locale, e.g. "07:00 AM" or "07:00"
    expect(selectedText(hour())).toContain('07');
    expect(screen.getByText(PRODUCT_MESSAGES.reportEmailStartsWithWatch)).toBeTruthy();
    expect(screen.queryByTestId('next-digest')).toBeNull();
  });

  it('with a watch, no longer explains the first watch; a record shows its choice and next digest', async () => {
    data.watches = [{ id: 'w1' } as Watch];
    const view = renderCard();
    expect(screen.queryByText(PRODUCT_MESSAGES.reportEmailStartsWithWatch)).toBeNull();

    data.state = { status: 'ready', settings: { ...RECORD, email: 'weekly', send_hour: 9 } };
    view.rerender(
      <StrictMode>
        <ToastProvider describeError={(_error, fallback) => fallback}>
          <ReportEmailCard />
        </ToastProvider>
      </StrictMode>,
    );
    await expect.poll(() => choice().value).toBe('weekly');
    expect(hour().value).toBe('9');
    // 2026-11-30 is a Monday; 07:00 UTC in the record's zone
    expect(screen.getByTestId('next-digest').textContent).toMatch(/^Next digest: Mon.*07/);
    expect(screen.getByText(PRODUCT_MESSAGES.reportEmailWeekly)).toBeTruthy();
  });

  it('saves the choice and hour with this browser’s time zone', async () => {
    browserZone('Europe/Paris');
    data.save.mockImplementation(async (changes) => ({ ...RECORD, ...changes }));
    renderCard();
    expect(screen.getByTestId('report-email-zone').textContent).toContain('Europe/Paris');
    await userEvent.selectOptions(choice(), 'weekly');
    await userEvent.selectOptions(hour(), '18');
    await userEvent.click(save());
    await expect
      .poll(() => data.save.mock.calls)
      .toEqual([[{ email: 'weekly', send_hour: 18, time_zone: 'Europe/Paris' }]]);
    await expect.poll(() => screen.queryByText(PRODUCT_MESSAGES.reportEmailSaved)).toBeTruthy();
  });

  it('saves "Each report" with the hour kept, though the hour is not asked for then', async () => {
    data.state = { status: 'ready', settings: { ...RECORD, send_hour: 9 } };
    data.save.mockImplementation(async (changes) => ({ ...RECORD, ...changes }));
    renderCard();
    await userEvent.selectOptions(choice(), 'each');
    expect(hour().disabled).toBe(true);
    await userEvent.click(save());
    await expect
      .poll(() => data.save.mock.calls)
      .toEqual([[{ email: 'each', send_hour: 9, time_zone: expect.any(String) }]]);
  });

  it('saves UTC, and says so, when the browser’s zone is not on the list', async () => {
    browserZone('Mars/Olympus_Mons');
    data.save.mockImplementation(async (changes) => ({ ...RECORD, ...changes }));
    renderCard();
    expect(screen.getByText(reportEmailZoneUnknownMessage('Mars/Olympus_Mons'))).toBeTruthy();
    await userEvent.click(save());
    await expect
      .poll(() => data.save.mock.calls)
      .toEqual([[{ email: 'daily', send_hour: 7, time_zone: 'UTC' }]]);
  });

  it('shows a 400 naming send_hour under that field', async () => {
    data.state = { status: 'ready', settings: RECORD };
    data.save.mockRejectedValue(fieldRefusal('send_hour', REPORT_SETTINGS_MESSAGES.sendHour));
    renderCard();
    expect(errorOf(hour())).toBeNull();
    await userEvent.click(save());
    await expect.poll(() => errorOf(hour())).toBe(REPORT_SETTINGS_MESSAGES.sendHour);
    expect(hour().getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(choice())).toBeNull();
  });

  it('offline, shows the last settings read-only with the app’s offline hint', async () => {
    data.online = 'offline';
    data.state = { status: 'error', settings: { ...RECORD, email: 'off' } };
    renderCard();
    expect(choice().value).toBe('off');
    expect(choice().disabled).toBe(true);
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toContain(
      'Offline: changing report emails needs a connection',
    );
  });
});
