import {
  emailChangeSentMessage,
  MESSAGES,
  newEmailSchema,
  newPasswordSchema,
} from '../../../domain/index.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { TextField, type TextFieldProps } from '../../components/text-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { updateEmail, updatePassword } from '../../data/server/account.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useSession } from '../../data/server/session.ts';

/**
 * Account changes ask for the current password
 * (docs/decisions.md#account-changes-ask-for-the-current-password): the same field in every card.
 */
export function CurrentPasswordField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <TextField label="Current password" type="password" autoComplete="current-password" {...props} />;
}

export function EmailCard() {
  const session = useSession();
  const toast = useToast();
  const submit = useSubmitWithToast();
  const online = useConnectivity() === 'online';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(newEmailSchema, { defaultValues: { email: '', oldPassword: '' } });

  const onSubmit = handleSubmit(async ({ email, oldPassword }) => {
    if (!session) {
      toast.error(MESSAGES.notAuthenticated);
      return;
    }
    const updated = await submit(() => updateEmail(email, oldPassword), {
      success: (pending) => (pending ? emailChangeSentMessage(pending) : MESSAGES.emailUpdated),
      failed: MESSAGES.emailUpdateFailed,
    });
    if (updated) reset();
  });

  return (
    <section className="card settings-card" aria-labelledby="email-title">
      <h2 id="email-title">Current Email</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Current email" type="email" value={session?.email ?? ''} readOnly />
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <CurrentPasswordField error={errors.oldPassword?.message} {...register('oldPassword')} />
        <OfflineHint offline={!online} action="changing your email" />
        <button type="submit" className="button button-primary" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Updating…' : 'Update Email'}
        </button>
      </form>
    </section>
  );
}

export function PasswordCard() {
  const session = useSession();
  const toast = useToast();
  const submit = useSubmitWithToast();
  const online = useConnectivity() === 'online';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(newPasswordSchema, { defaultValues: { password: '', oldPassword: '' } });

  const onSubmit = handleSubmit(async ({ password, oldPassword }) => {
    if (!session) {
      toast.error(MESSAGES.notAuthenticated);
      return;
    }
    const updated = await submit(() => updatePassword(password, oldPassword), {
      success: MESSAGES.passwordUpdated,
      failed: MESSAGES.passwordUpdateFailed,
    });
    if (updated) reset();
  });

  return (
    <section className="card settings-card" aria-labelledby="password-title">
      <h2 id="password-title">Update Password</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <CurrentPasswordField error={errors.oldPassword?.message} {...register('oldPassword')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          placeholder={MESSAGES.newPasswordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <OfflineHint offline={!online} action="changing your password" />
        <button type="submit" className="button button-primary" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Updating…' : 'Update Password'}
        </button>
      </form>
    </section>
  );
}
