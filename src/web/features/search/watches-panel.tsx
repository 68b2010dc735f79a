/**
 * The Watches panel of /app/search (docs/watches.md): the user's saved searches that the server re-runs,
 * read from the local database (so it shows offline), with Pause/Resume, Edit and Delete. Every
 * change needs the server; offline the panel is read-only and says so.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  cadenceLabel,
  formatCount,
  formatDateTime,
  parsePbDate,
  pickFields,
  reportLink,
  reportSummary,
  timeAgoText,
  UNKNOWN_VALUE,
  WATCH_CADENCES,
  WATCH_MESSAGES,
  WATCH_SCOUT_FIELDS,
  watchFieldOf,
  watchFormSchema,
  type Report,
  type SearchRun,
  type Watch,
  type WatchForm,
} from '../../../domain/index.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { useToast } from '../../components/toast.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useLocalRuns, useLocalWatches } from '../../data/local/local-reads.ts';
import { useLocalReports } from '../../data/local/reports.ts';
import { deleteWatch, updateWatch } from '../../data/local/watches.ts';
import '../../components/offline-hint.css';
import { ScoutFields } from './scout-fields.tsx';

const CADENCE_OPTIONS = WATCH_CADENCES.map((cadence) => ({ value: cadence, label: cadenceLabel(cadence) }));

/** What the watch's last run brought, or why it did not run. */
function lastResult(watch: Watch, run: SearchRun | undefined): { text: string; tone: 'muted' | 'danger' } {
  if (watch.last_error) return { text: `Skipped: ${watch.last_error}`, tone: 'danger' };
  if (!watch.last_run) return { text: 'No run yet', tone: 'muted' };
  if (!run || run.status === 'working') return { text: 'Running now', tone: 'muted' };
  if (run.status === 'failed') return { text: run.error || 'Failed', tone: 'danger' };
  return {
    text: `${formatCount(run.new_count)} new of ${formatCount(run.results_count)} ads`,
    tone: 'muted',
  };
}

/** The watch's last report in one line: its news (or "Nothing changed") and how long ago. */
function lastReportText(report: Report): string {
  const at = parsePbDate(report.period_end || report.created);
  return `${reportSummary(report)}${at ? ` · ${timeAgoText(at.getTime(), Date.now())}` : ''}`;
}

function nextRunText(watch: Watch): string {
  if (!watch.active) return 'Paused';
  const next = parsePbDate(watch.next_run_at);
  if (!next) return UNKNOWN_VALUE;
  return next.getTime() <= Date.now() ? 'Within a minute' : formatDateTime(next);
}

export function WatchesPanel() {
  const watches = useLocalWatches();
  const runs = useLocalRuns();
  const reports = useLocalReports();
  const online = useConnectivity() === 'online';
  if (!watches || watches.length === 0) return null;
  const runById = new Map((runs ?? []).map((run) => [run.id, run]));
  // newest first: the first of a watch's is its last report
  const lastReport = new Map<string, Report>();
  for (const report of reports ?? []) if (!lastReport.has(report.watch)) lastReport.set(report.watch, report);
  return (
    <section className="card watches-panel" aria-labelledby="watches-title">
      <h2 id="watches-title">Watches</h2>
      <p className="muted">Saved searches that AdScout runs for you. Each run is charged only for new ads.</p>
      {!online && (
        <p className="offline-hint" role="note" data-testid="watches-read-only">
          {WATCH_MESSAGES.offline}
        </p>
      )}
      <ul className="watch-list">
        {watches.map((watch) => (
          <WatchItem
            key={watch.id}
            watch={watch}
            run={watch.last_run ? runById.get(watch.last_run) : undefined}
            report={lastReport.get(watch.id)}
            readOnly={!online}
          />
        ))}
      </ul>
    </section>
  );
}

function WatchItem({
  watch,
  run,
  report,
  readOnly,
}: {
  watch: Watch;
  run: SearchRun | undefined;
  report: Report | undefined;
  readOnly: boolean;
}) {
  const toast = useToast();
  const submit = useSubmitWithToast();
  const titleId = useId();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const [busy, setBusy] = useState(false);
  const result = lastResult(watch, run);

  async function act(action: () => Promise<unknown>, failed: string) {
    setBusy(true);
    try {
      return await submit(action, { failed });
    } finally {
      setBusy(false);
    }
  }

  const disabled = readOnly || busy;
  return (
    <li className="watch-item" aria-labelledby={titleId}>
      <div className="watch-head">
        <h3 id={titleId}>{watch.name}</h3>
        <span className="badge">{cadenceLabel(watch.cadence)}</span>
        {!watch.active && <span className="badge badge-warning">Paused</span>}
      </div>
      <dl className="watch-facts">
        <div>
          <dt>Next run</dt>
          <dd>{nextRunText(watch)}</dd>
        </div>
        <div>
          <dt>Last result</dt>
          <dd className={result.tone === 'danger' ? 'watch-error' : undefined}>{result.text}</dd>
        </div>
        {report && (
          <div>
            <dt>Last report</dt>
            <dd>
              <Link to={reportLink(report.id)} data-testid="watch-last-report">
                {lastReportText(report)}
              </Link>
            </dd>
          </div>
        )}
      </dl>
      {mode === 'edit' && (
        <WatchEditForm
          watch={watch}
          disabled={disabled}
          onCancel={() => setMode('view')}
          onSave={async (form) => {
            if (await act(() => updateWatch(watch.id, form), WATCH_MESSAGES.updateFailed)) {
              toast.success(WATCH_MESSAGES.saved);
              setMode('view');
            }
          }}
        />
      )}
      {mode === 'confirm-delete' && (
        <div className="watch-confirm" role="alertdialog" aria-label={`Delete ${watch.name}?`}>
          <p>
            Delete the watch “{watch.name}”? It stops running. Its past runs and their ads stay in your
            History and Database.
          </p>
          <div className="row">
            <button
              type="button"
              className="button button-danger"
              disabled={disabled}
              onClick={async () => {
                if (await act(() => deleteWatch(watch.id), WATCH_MESSAGES.deleteFailed))
                  toast.success(WATCH_MESSAGES.deleted);
              }}
            >
              Delete watch
            </button>
            <button type="button" className="button button-ghost" onClick={() => setMode('view')}>
              Keep it
            </button>
          </div>
        </div>
      )}
      {mode === 'view' && (
        <div className="row watch-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={disabled}
            onClick={() =>
              void act(() => updateWatch(watch.id, { active: !watch.active }), WATCH_MESSAGES.updateFailed)
            }
          >
            {watch.active ? 'Pause' : 'Resume'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={disabled}
            onClick={() => setMode('edit')}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={disabled}
            onClick={() => setMode('confirm-delete')}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

function WatchEditForm({
  watch,
  disabled,
  onCancel,
  onSave,
}: {
  watch: Watch;
  disabled: boolean;
  onCancel: () => void;
  onSave: (form: WatchForm) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(watchFormSchema, {
    defaultValues: { ...pickFields(watch, WATCH_SCOUT_FIELDS), cadence: watch.cadence, active: watch.active },
  });
  return (
    <form
      className="form watch-edit"
      onSubmit={handleSubmit(onSave)}
      noValidate
      aria-label={`Edit ${watch.name}`}
    >
      <ScoutFields
        register={(field) => register(watchFieldOf(field))}
        errorOf={(field) => errors[watchFieldOf(field)]?.message}
      />
      <SelectField label="Repeat" options={CADENCE_OPTIONS} {...register('cadence')} />
      <div className="row">
        <button type="submit" className="button button-primary" disabled={disabled || isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
