import { useNavigate } from 'react-router-dom';
import { deleteAccountSchema, PRODUCT_MESSAGES, ROUTES } from '../../../domain/index.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { TextField } from '../../components/text-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { forgetDeletedAccount } from '../../data/local/local-data.ts';
import { deleteAccount } from '../../data/server/account.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { CurrentPasswordField } from './account-cards.tsx';

const DELETE_FAILED = 'Your account could not be deleted. Please try again.';

/**
 * Settings → Delete account (docs/accounts.md#deleting-an-account): the current password and DELETE typed in.
 * The server cancels the subscription first and deletes nothing when the payment provider refuses; on
 * success this browser's local database is wiped and the user lands on / with a toast.
 */
export function DeleteAccountCard() {
  const toast = useToast();
  const submit = useSubmitWithToast();
  const navigate = useNavigate();
  const online = useConnectivity() === 'online';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(deleteAccountSchema, { defaultValues: { oldPassword: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ oldPassword, confirm }) => {
    if (!(await submit(() => deleteAccount(oldPassword, confirm), { failed: DELETE_FAILED }))) return;
    // leave /app first, at once (flushSync): signed out there, the app would send the user to /login
    await navigate(ROUTES.landing.path, { replace: true, flushSync: true });
    await forgetDeletedAccount();
    toast.success(PRODUCT_MESSAGES.accountDeleted);
  });

  return (
    <section className="card settings-card danger-card" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete Account</h2>
      <p>This deletes your account and everything in it, at once and for good:</p>
      <ul className="delete-list">
        <li>your scouts, their results and your keyword lists;</li>
        <li>your subscription — an active one is canceled now;</li>
        <li>your account history, and the data kept in this browser.</li>
      </ul>
      <p className="muted">
        Billing law makes us keep the record of what was billed, without your name or email. Download your
        data first if you want a copy.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Delete account">
        <CurrentPasswordField error={errors.oldPassword?.message} {...register('oldPassword')} />
        <TextField
          label="Type DELETE to confirm"
          autoComplete="off"
          spellCheck={false}
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <OfflineHint offline={!online} action="deleting your account" />
        <button type="submit" className="button button-danger" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Deleting…' : 'Delete My Account'}
        </button>
      </form>
    </section>
  );
}
