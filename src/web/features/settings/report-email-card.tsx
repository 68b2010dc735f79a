import { useEffect, useMemo } from 'react';
import {
  MESSAGES,
  PRODUCT_MESSAGES,
  reportEmailZoneUnknownMessage,
  type ReportSettings,
} from '../../../domain/index.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { useToast } from '../../components/toast.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useLocalWatches } from '../../data/local/local-reads.ts';
import { saveReportSettings, useReportSettings } from '../../data/local/report-settings.ts';
import { fieldErrorsOf } from '../../data/server/errors.ts';
import { useSession } from '../../data/server/session.ts';
import {
  nextDigestLabel,
  reportEmailFormSchema,
  reportEmailFormValues,
  reportEmailOptions,
  sendHourOptions,
  zoneToSave,
} from './report-email-form.ts';

const FORM_FIELDS = ['email', 'send_hour'] as const;

/**
 * "Reports by email" (docs/reports.md#reports-by-email): Off, each report, or a daily or weekly
 * digest at an hour of the user's day. The zone saved is this browser's, taken when the card is
 * saved. The record is the server's (report-settings.ts): offline the card shows the last one
 * read-only, as the other server-backed cards do.
 */
export function ReportEmailCard() {
  const session = useSession();
  const toast = useToast();
  const submit = useSubmitWithToast();
  const online = useConnectivity() === 'online';
  const state = useReportSettings();
  const watches = useLocalWatches();
  const settings = state.status === 'loading' ? null : state.settings;
  const hours = useMemo(() => sendHourOptions(), []);
  const saving = useMemo(() => zoneToSave(), []);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(reportEmailFormSchema, { defaultValues: reportEmailFormValues(settings) });

  // The server's record (loaded, created with the first watch, changed on another device) is
  // what the form shows, unless the user is editing it.
  useEffect(() => {
    if (!isDirty) reset(reportEmailFormValues(settings));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the record, not the edits
  }, [settings]);

  const onSubmit = handleSubmit(async ({ email, send_hour }) => {
    if (!session) {
      toast.error(MESSAGES.notAuthenticated);
      return;
    }
    let saved: ReportSettings | null = null;
    await submit(
      async () => {
        saved = await saveReportSettings({ email, send_hour, time_zone: saving.zone });
      },
      {
        success: PRODUCT_MESSAGES.reportEmailSaved,
        failed: (error) => {
          const named = fieldErrorsOf(error);
          for (const field of FORM_FIELDS) {
            if (named[field]) setError(field, { type: 'server', message: named[field] });
          }
          return named.time_zone ?? Object.values(named)[0] ?? PRODUCT_MESSAGES.reportEmailSaveFailed;
        },
      },
    );
    if (saved) reset(reportEmailFormValues(saved));
  });

  const choice = watch('email');
  const next = nextDigestLabel(settings);
  const noWatchYet = !settings && watches !== undefined && watches.length === 0;
  const shownZone = settings?.time_zone || 'UTC';
  return (
    <section className="card settings-card" aria-labelledby="report-email-title">
      <h2 id="report-email-title">Reports by email</h2>
      {state.status === 'loading' ? (
        <p className="muted" role="status">
          Loading your report emails…
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate data-testid="report-email-form">
          <SelectField
            label="Email me"
            options={reportEmailOptions}
            disabled={!online}
            error={errors.email?.message}
            {...register('email')}
          />
          <SelectField
            label="Send hour"
            options={hours}
            disabled={!online || choice === 'off' || choice === 'each'}
            error={errors.send_hour?.message}
            {...register('send_hour')}
          />
          {noWatchYet && <p className="muted">{PRODUCT_MESSAGES.reportEmailStartsWithWatch}</p>}
          {choice === 'weekly' && <p className="muted">{PRODUCT_MESSAGES.reportEmailWeekly}</p>}
          <p className="muted" data-testid="report-email-zone">
            {settings && settings.time_zone === saving.zone
              ? `Time zone: ${shownZone}.`
              : `Time zone: ${settings ? shownZone : saving.zone}. Saving sets it to this browser’s: ${saving.zone}.`}
          </p>
          {saving.fellBack && (
            <p className="notice notice-warning" role="note">
              {reportEmailZoneUnknownMessage(saving.browser)}
            </p>
          )}
          {next && <p data-testid="next-digest">Next digest: {next}</p>}
          {state.status === 'error' && online && (
            <p className="muted">{PRODUCT_MESSAGES.reportEmailUnavailable}</p>
          )}
          <OfflineHint offline={!online} action="changing report emails" />
          <button type="submit" className="button button-primary" disabled={isSubmitting || !online}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </button>
        </form>
      )}
    </section>
  );
}
