import { useState } from 'react';
import {
  DEFAULT_COUNTRY,
  LIMITS,
  MESSAGES,
  scoutFormSchema,
  scoutRefusal,
  STATED_PROCESSING_TIME,
  type ScoutForm as ScoutFormValues,
  type ScoutFormInput,
  type WatchCadence,
} from '../../../domain/index.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { useToast } from '../../components/toast.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import type { QuotaState } from '../../data/local/quota.ts';
import { createRun } from '../../data/server/runs.ts';
import { currentSession } from '../../data/server/session.ts';
import { createWatch } from '../../data/local/watches.ts';
import { ScoutFields } from './scout-fields.tsx';
import { RepeatField, type Repeat } from './repeat-field.tsx';

/** Said when a watch was created from the form. */
export const WATCH_CREATED_MESSAGE = 'Watch created. Its first run starts within a minute.';
const WATCH_CREATE_FAILED = 'Failed to create the watch';

export const EMPTY_SCOUT_FORM: ScoutFormInput = {
  search_name: '',
  facebook_link: '',
  target_country: DEFAULT_COUNTRY,
  keywords_used: '',
  requested_count: LIMITS.adsPerSearch.default,
};

/**
 * 'Scout Winning Ads' (docs/product.md#screens-and-routes). The server re-checks every rule; the page only
 * spares a round trip. With Repeat set to Daily or Weekly, submitting creates a watch instead of a one-off
 * run: the server starts its first run within a minute (and it may wait for a working run, so a running
 * job does not block it).
 */
export function ScoutForm({
  busy,
  quota,
  initial,
}: {
  busy: boolean;
  quota: QuotaState;
  initial?: Partial<ScoutFormInput>;
}) {
  const toast = useToast();
  const submit = useSubmitWithToast();
  const online = useConnectivity() === 'online';
  const [repeat, setRepeat] = useState<Repeat>('off');
  const watching = repeat !== 'off';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(scoutFormSchema, { defaultValues: { ...EMPTY_SCOUT_FORM, ...initial } });

  const onSubmit = handleSubmit(async (form) => {
    if (!currentSession()) {
      toast.error(MESSAGES.notAuthenticated);
      return;
    }
    if (watching) {
      await startWatch(form, repeat);
      return;
    }
    const refusal =
      quota.status === 'ready' || busy
        ? scoutRefusal({
            hasWorkingRun: busy,
            totalRemaining: quota.status === 'ready' ? quota.quota.total_remaining : Number.POSITIVE_INFINITY,
            requestedCount: form.requested_count,
          })
        : null;
    if (refusal) {
      toast.error(refusal);
      return;
    }
    await submit(() => createRun(form), {
      success: MESSAGES.scoutStarted,
      failed: MESSAGES.scoutStartFailed,
    });
  });

  async function startWatch(form: ScoutFormValues, cadence: WatchCadence) {
    const { search_name, ...fields } = form;
    const created = await submit(() => createWatch({ name: search_name, ...fields, cadence, active: true }), {
      success: WATCH_CREATED_MESSAGE,
      failed: WATCH_CREATE_FAILED,
    });
    if (created) setRepeat('off');
  }

  const label = watching
    ? isSubmitting
      ? 'Creating…'
      : 'Create Watch'
    : busy
      ? 'Job Already Running'
      : isSubmitting
        ? 'Starting…'
        : 'Start Scouting';

  return (
    <section className="card" aria-labelledby="scout-form-title">
      <h2 id="scout-form-title">Scout Winning Ads</h2>
      <p className="muted">
        Paste a link from the Facebook Ad Library, choose the market and how many ads you want. Processing
        takes {STATED_PROCESSING_TIME}.
      </p>
      <form className="form scout-form" onSubmit={onSubmit} noValidate>
        <ScoutFields register={(field) => register(field)} errorOf={(field) => errors[field]?.message} />
        <RepeatField value={repeat} onChange={setRepeat} />
        <OfflineHint offline={!online} action="scouting" />
        <button
          type="submit"
          className="button button-primary button-lg"
          disabled={(busy && !watching) || isSubmitting || !online}
        >
          {label}
        </button>
      </form>
    </section>
  );
}
